import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readmeFirstCommand, readReadmeFirstCommand } from './readme-command';
import { SCOPES } from '@waymark/contracts';
import { startBannerText } from '../../apps/embedded/src/start-banner';
import { BANNER_END, parseStartBanner } from './start-banner';

const README = (quickStart: string) =>
  `# Waymark\n\n## Quick start\n\n\`\`\`sh\n${quickStart}\n\`\`\`\n\n## Architecture\n`;

describe('the newcomer check reads what a newcomer reads', () => {
  it("takes the README's first command from its quick start, as the commands a shell runs in turn", () => {
    expect(readReadmeFirstCommand(path.resolve(__dirname, '..', '..', 'README.md'))).toEqual({
      line: 'npm install && npm start',
      commands: [
        ['npm', 'install'],
        ['npm', 'start'],
      ],
    });
    expect(readmeFirstCommand(README('npm ci && npm run start:all   # a comment\nnext line')).commands).toEqual([
      ['npm', 'ci'],
      ['npm', 'run', 'start:all'],
    ]);
  });

  it('refuses shell syntax it would only half understand, and a README without a quick start', () => {
    expect(() => readmeFirstCommand(README('npm install; npm start'))).toThrow(/not plain words/);
    expect(() => readmeFirstCommand(README('npm install | tee log'))).toThrow(/not plain words/);
    expect(() => readmeFirstCommand(README('FOO="a b" npm start'))).toThrow(/not plain words/);
    expect(() => readmeFirstCommand('# Waymark\n## Usage\n')).toThrow(/no "## Quick start"/);
  });

  it('reads the URLs and the key command of the banner npm start prints', () => {
    const banner = startBannerText({
      apiUrl: 'http://127.0.0.1:8000',
      redirectorUrl: 'http://localhost:8081',
      defaultDomain: 'localhost:8081',
      defaultTenantId: 't-1',
      operatorTokenFile: '/repo/.waymark/secrets/operator-token',
      stateFile: '/repo/.waymark/embedded.json',
      services: [{ name: 'link-api', port: 8080 }],
    });
    const output = `{"level":"info","msg":"http server listening"}\n${banner}`;
    expect(BANNER_END.test(output)).toBe(true);
    expect(parseStartBanner(output)).toEqual({
      apiUrl: 'http://127.0.0.1:8000',
      redirectorUrl: 'http://localhost:8081',
      keyCommand: ['npm', 'run', 'admin', '--', 'key', 'create', 't-1', '--scopes', SCOPES.join(',')],
    });
    expect(() => parseStartBanner(output.replace(/ {2}Create an API key.*\n/, ''))).toThrow(/Create an API key/);
  });
});

describe("the README's quick start", () => {
  const readme = readFileSync(path.resolve(__dirname, '..', '..', 'README.md'), 'utf8');
  const quickStart = /^## Quick start\s*$([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';

  it('shows the key command the banner prints, then the first curl with that key against the default API URL', () => {
    const banner = startBannerText({
      apiUrl: 'http://127.0.0.1:8000',
      redirectorUrl: 'http://localhost:8081',
      defaultDomain: 'localhost:8081',
      defaultTenantId: '<tenant-id>',
      operatorTokenFile: '',
      stateFile: '',
      services: [],
    });
    expect(quickStart).toContain(parseStartBanner(banner).keyCommand.join(' '));
    expect(quickStart).toMatch(/curl -s -X POST http:\/\/127\.0\.0\.1:8000\/v1\/links -H "x-api-key: \$KEY"/);
    expect(quickStart).toContain('curl -i http://localhost:8081/hello');
  });
});
