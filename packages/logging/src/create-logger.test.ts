import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from './create-logger';

const RUN_TS = require.resolve('@waymark/runtime/run-ts');

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, destination };
}

describe('createLogger', () => {
  it('binds the service name and writes ISO timestamps and level names', () => {
    const { lines, destination } = capture();
    createLogger({ service: 'link-api', destination }).info({ linkId: 'l1' }, 'link created');
    expect(lines[0]).toMatchObject({ service: 'link-api', level: 'info', msg: 'link created', linkId: 'l1' });
    expect(new Date(String(lines[0]?.time)).toISOString()).toBe(lines[0]?.time);
  });

  it('redacts credentials in request headers as pino-http logs them', () => {
    const { lines, destination } = capture();
    createLogger({ service: 'link-api', destination }).info({
      req: {
        method: 'GET',
        headers: {
          authorization: 'Bearer wm_live_abc',
          'x-api-key': 'wm_live_def',
          cookie: 's=1',
          accept: 'application/json',
        },
      },
      res: { statusCode: 200, headers: { 'set-cookie': 's=2' } },
    });
    const text = JSON.stringify(lines[0]);
    expect(text).not.toMatch(/wm_live_|s=1|s=2/);
    expect(lines[0]).toMatchObject({
      req: {
        headers: {
          authorization: '[redacted]',
          'x-api-key': '[redacted]',
          cookie: '[redacted]',
          accept: 'application/json',
        },
      },
      res: { headers: { 'set-cookie': '[redacted]' } },
    });
  });

  it('redacts signing secrets and passwords wherever they are nested', () => {
    const { lines, destination } = capture();
    createLogger({ service: 'notifier', destination }).warn({
      password: 'p0',
      channel: { id: 'c1', signingSecret: 'whsec_1' },
      db: { primary: { password: 'p2' } },
      job: { target: { smtp: { password: 'p3' } } },
    });
    const text = JSON.stringify(lines[0]);
    expect(text).not.toMatch(/p0|whsec_1|p2|p3/);
    expect(lines[0]).toMatchObject({ channel: { id: 'c1', signingSecret: '[redacted]' } });
  });

  it('respects the level', () => {
    const { lines, destination } = capture();
    const logger = createLogger({ service: 'redirector', level: 'warn', destination });
    logger.info('hidden');
    logger.warn('shown');
    expect(lines.map((l) => l.msg)).toEqual(['shown']);
  });

  it('writes its default stdout lines in order with what the process prints itself, up to an immediate exit', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'waymark-logger-'));
    try {
      const child = path.join(dir, 'child.ts');
      writeFileSync(
        child,
        [
          `import { createLogger } from ${JSON.stringify(path.join(__dirname, 'create-logger'))};`,
          `const logger = createLogger({ service: 'child' });`,
          `for (let i = 0; i < 3; i += 1) {`,
          `  logger.info('logged ' + i);`,
          `  process.stdout.write('printed ' + i + '\\n');`,
          `}`,
          `process.exit(0);`,
        ].join('\n'),
      );
      const out = execFileSync(process.execPath, [RUN_TS, child], { encoding: 'utf8' });
      const lines = out
        .trim()
        .split('\n')
        .map((line) => (line.startsWith('{') ? (JSON.parse(line) as { msg: string }).msg : line));
      expect(lines).toEqual(['logged 0', 'printed 0', 'logged 1', 'printed 1', 'logged 2', 'printed 2']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
