import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@waymark/logging';
import { freePort } from '@waymark/testkit';
import { startEmbeddedGateway, type EmbeddedGateway } from '../src/embedded-gateway';
import { rawExchange } from '../../../test-e2e/system/support/raw-exchange';

describe('the embedded gateway in front of the console files', () => {
  let consoleDir: string;
  let gateway: EmbeddedGateway;

  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'waymark-console-'));
    mkdirSync(join(consoleDir, 'assets'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(consoleDir, 'assets', 'app 1.js'), 'export {};');
    // Nothing listens behind it: only the paths the gateway answers itself are asked for here.
    const nowhere = await freePort();
    const upstreams = { 'link-api': nowhere, 'analytics-ingest': nowhere, notifier: nowhere, 'gs1-catalog': nowhere };
    gateway = await startEmbeddedGateway(0, upstreams, createLogger({ service: 'test', level: 'silent' }), consoleDir);
  });

  afterAll(async () => {
    await gateway?.stop();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  const send = (method: string, path: string) =>
    rawExchange(gateway.port, Buffer.from(`${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));

  it.each([
    ['GET', '/%E0%A4%A'],
    ['HEAD', '/%'],
    ['GET', '/assets/%zz'],
    ['GET', '/%ED%A0%80'],
  ])('answers %s %s, a malformed percent-encoding, with 400 validation_failed', async (method, path) => {
    const answer = await send(method, path);
    expect(answer.status).toBe(400);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    if (method === 'GET') {
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'validation_failed',
        error: 'path: contains a malformed percent-encoding',
      });
    }
  });

  it('still serves a console file whose name is percent-encoded, and 404s a path that names none', async () => {
    expect((await send('GET', '/assets/app%201.js')).status).toBe(200);
    expect((await send('GET', '/')).status).toBe(200);
    const missing = await send('GET', '/assets/none.js');
    expect({ status: missing.status, body: JSON.parse(missing.body) }).toEqual({
      status: 404,
      body: { error: 'No such API route', code: 'not_found' },
    });
  });
});
