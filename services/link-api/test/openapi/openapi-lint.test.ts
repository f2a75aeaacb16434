import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadPublicOpenApi } from '../../src/http/links/public-openapi';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

/** The public document as GET /v1/openapi.json serves it, written where the linters can read it. */
function writeDocument(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'waymark-openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(loadPublicOpenApi(), null, 2));
  return file;
}

/** Exit code and output of a linter; a non-zero exit is a finding, not a test crash. */
async function lint(command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the public OpenAPI document passes the API linters an integrator would run', () => {
  const file = writeDocument();

  it('Redocly (recommended rules, redocly.yaml) reports no error and no warning', async () => {
    const result = await lint(bin('redocly'), [
      'lint',
      file,
      '--config',
      path.join(ROOT, 'redocly.yaml'),
      '--format',
      'stylish',
    ]);
    expect(result.output).not.toMatch(/\b(error|warning)\b\s+[a-z0-9-]+\s/);
    expect(result.code).toBe(0);
  }, 120_000);

  it('Spectral (spectral:oas, .spectral.yaml) reports nothing, warnings included', async () => {
    const result = await lint(bin('spectral'), [
      'lint',
      file,
      '--ruleset',
      path.join(ROOT, '.spectral.yaml'),
      '--fail-severity',
      'warn',
    ]);
    expect(result.output).toContain('No results with a severity of');
    expect(result.code).toBe(0);
  }, 120_000);
});
