import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readCompose, waymarkServiceOf } from './support/compose-file';
import { REPO_ROOT, SERVICES } from './support/service-catalog';

type Scripts = Record<string, string>;

const scriptsOf = (dir: string): Scripts =>
  (JSON.parse(readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) as { scripts?: Scripts }).scripts ?? {};

const SERVICE_DIRS = readdirSync(path.join(REPO_ROOT, 'services')).filter((name) =>
  existsSync(path.join(REPO_ROOT, 'services', name, 'package.json')),
);

/** A benchmark lives in `bench/`. */
const hasBenchmark = (service: string): boolean => existsSync(path.join(REPO_ROOT, 'services', service, 'bench'));

/** `A=1 B=2 exec node x.js` -> the variables set in front and the command after them (`exec` dropped). */
function splitStart(command: string): { env: Record<string, string>; command: string } {
  const words = command.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) {
    const word = words.shift() as string;
    env[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
  }
  if (words[0] === 'exec') words.shift();
  return { env, command: words.join(' ') };
}

// Every service answers the same two commands (`npm start -w @waymark/<service>`, `npm run bench -w …`), so
// a newcomer or an operator runs any of them without reading its package.json first.
describe('every service answers npm start and npm run bench alike', () => {
  it('lists the same services here as the deploy catalog', () => {
    expect([...SERVICE_DIRS].sort()).toEqual(SERVICES.map((s) => s.name).sort());
  });

  it.each(SERVICE_DIRS)('%s: `npm start` runs its compiled entry as its compose service does', (service) => {
    const start = scriptsOf(`services/${service}`).start;
    expect(start).toEqual(expect.any(String));
    const composed = Object.values(readCompose().services).find((s) => waymarkServiceOf(s) === service);
    if (!composed) throw new Error(`docker-compose.yml runs no ${service}`);
    const runtime = SERVICES.find((s) => s.name === service)?.runtime ?? [];
    const composeRuntime = Object.fromEntries(runtime.map((name) => [name, composed.environment[name]]));
    expect(splitStart(start as string)).toEqual({ env: composeRuntime, command: 'node dist/src/main.js' });
  });

  it.each(SERVICE_DIRS.filter(hasBenchmark))('%s: has a benchmark, so `npm run bench` runs it', (service) => {
    expect(scriptsOf(`services/${service}`).bench).toEqual(expect.any(String));
  });

  it('points every root `npm run <x> -w @waymark/<service>` at a script the service has', () => {
    const delegated = Object.entries(scriptsOf('.')).flatMap(([name, command]) =>
      [...command.matchAll(/npm run (\S+) -w @waymark\/(\S+)/g)].map((m) => ({ name, script: m[1], workspace: m[2] })),
    );
    expect(delegated.filter((d) => d.name.startsWith('bench:')).length).toBeGreaterThanOrEqual(5);
    const missing = delegated.filter(({ script, workspace }) => {
      const dir = ['services', 'packages', 'apps']
        .map((root) => `${root}/${workspace}`)
        .find((d) => existsSync(path.join(REPO_ROOT, d, 'package.json')));
      return !dir || !scriptsOf(dir)[script as string];
    });
    expect(missing).toEqual([]);
  });
});
