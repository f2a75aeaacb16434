import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The repository's own eslint.config.mjs, applied to source text placed (virtually) at a path in the tree. ESLint
// runs as `npm run lint` runs it, in a process of its own (jest's module sandbox cannot load an ES module config).
const ROOT = path.resolve(__dirname, '..', '..', '..');
const ESLINT = path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');

type LintResult = { messages: { ruleId: string | null; message: string }[] };

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  return ruleErrors(file, code, '@typescript-eslint/no-restricted-imports');
}

async function ruleErrors(file: string, code: string, ruleId: string): Promise<string[]> {
  const args = [ESLINT, '--format', 'json', '--stdin', '--stdin-filename', file];
  const child = spawn(process.execPath, args, { cwd: ROOT });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  child.stdin.end(code);
  const status = await exited;
  if (status !== 0 && status !== 1) throw new Error(`eslint exited ${status}: ${err}`);
  const [result] = JSON.parse(out) as LintResult[];
  return (result?.messages ?? []).filter((message) => message.ruleId === ruleId).map((message) => message.message);
}

describe('import boundaries (eslint.config.mjs)', () => {
  it('fails a package that imports a service, by name or by path', async () => {
    const errors = await boundaryErrors(
      'packages/http/src/boundary-fixture.ts',
      [
        "import { startService } from '@waymark/link-api';",
        "import { x } from '../../../services/notifier/src/x';",
        'export { startService, x };',
      ].join('\n'),
    );
    expect(errors).toEqual([
      expect.stringContaining('a package does not import a service'),
      expect.stringContaining('reach a service only through its own files'),
    ]);
  });

  it('fails a service that imports another service', async () => {
    const code = "export { startService } from '@waymark/redirector';\n";
    const errors = await boundaryErrors('services/notifier/src/boundary-fixture.ts', code);
    expect(errors).toEqual([expect.stringContaining('a service does not import another service')]);
  });

  it('fails production code that imports test code, and allows it in tests', async () => {
    const code = "import { harness } from '../test/support/harness';\nexport { harness };\n";
    expect(await boundaryErrors('services/link-api/src/boundary-fixture.ts', code)).toEqual([
      expect.stringContaining('production code does not import test code'),
    ]);
    expect(await boundaryErrors('services/link-api/src/boundary-fixture.test.ts', code)).toEqual([]);
  });

  it("fails a feature's domain/ that imports its app/, infra/ or http/", async () => {
    const code = [
      "import { a } from '../app/link-ports';",
      "import { b } from '../infra/prisma-link.repository';",
      "import { c } from '../../http/links.controller';",
      "import { d } from './link-code';",
      'export { a, b, c, d };',
      '',
    ].join('\n');
    const errors = await boundaryErrors('services/link-api/src/links/domain/boundary-fixture.ts', code);
    expect(errors).toHaveLength(3);
    const domainRule = "domain/ imports nothing of the service's app/, infra/ or http/";
    expect(errors.every((error) => error.includes(domainRule))).toBe(true);
  });

  it("fails a feature's app/ that imports its infra/, http/ or generated code; ports and domain pass", async () => {
    const code = [
      "import type { A } from '../infra/prisma-link.repository';",
      "import { b } from '../../http/links.controller';",
      "import type { Prisma } from '../../generated/prisma/client';",
      "import type { C } from './link-ports';",
      "import { d } from '../domain/link-code';",
      'export { b, d };',
      'export type { A, C, Prisma };',
      '',
    ].join('\n');
    const errors = await boundaryErrors('services/link-api/src/links/app/boundary-fixture.ts', code);
    expect(errors).toHaveLength(3);
    expect(errors.every((error) => error.includes('app/ imports ports and domain only'))).toBe(true);
    expect(await boundaryErrors('services/notifier/src/channels/app/boundary-fixture.ts', code)).toHaveLength(3);
  });

  it('holds without exceptions: no source turns the boundary rule off inline', () => {
    const directive = /^\s*(\/\/|\/\*)\s*eslint-disable\S*\s[^\n]*no-restricted-imports/m;
    const disabling = sourcesUnder(['apps', 'packages', 'services']).filter((file) =>
      directive.test(readFileSync(file, 'utf8')),
    );
    expect(disabling.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it('passes clean code', async () => {
    const clean = [
      "import { runServiceMain } from '@waymark/http';",
      "import { OUTBOX_DDL } from '@waymark/db';",
      "import { linkCode } from '../domain/link-code';",
      'export { runServiceMain, OUTBOX_DDL, linkCode };',
      '',
    ].join('\n');
    expect(await boundaryErrors('services/link-api/src/links/app/boundary-fixture.ts', clean)).toEqual([]);
  });

  it('lets an app (not a package) compose services, and keeps its production code out of test code', async () => {
    const composition = "export { startService } from '@waymark/link-api';\n";
    expect(await boundaryErrors('apps/embedded/src/boundary-fixture.ts', composition)).toEqual([]);
    expect(await boundaryErrors('packages/cache/src/boundary-fixture.ts', composition)).toEqual([
      expect.stringContaining('a package does not import a service'),
    ]);
    const testCode = "import { harness } from '../test/support/harness';\nexport { harness };\n";
    expect(await boundaryErrors('apps/embedded/src/boundary-fixture.ts', testCode)).toEqual([
      expect.stringContaining('production code does not import test code'),
    ]);
  });
});

// The rules below follow an import to the file it lands on, so their sources import real files of the tree.
describe('import graph rules (eslint-rules/waymark-plugin.mjs)', () => {
  it('fails an import that closes a cycle of files, and passes the same file without it', async () => {
    // validation.ts imports errors.ts: errors.ts importing validation.ts back closes the cycle.
    const crossed = "import { parseOrThrow } from './validation';\nexport { parseOrThrow };\n";
    expect(await ruleErrors('packages/contracts/src/errors.ts', crossed, 'waymark/no-import-cycle')).toEqual([
      expect.stringMatching(/^import cycle: .*errors\.ts -> .*validation\.ts -> .*errors\.ts$/),
    ]);
    const clean = "import { z } from 'zod';\nexport { z };\n";
    expect(await ruleErrors('packages/contracts/src/errors.ts', clean, 'waymark/no-import-cycle')).toEqual([]);
  });

  it("fails a feature that imports its service's http/ or composition root; config.ts passes", async () => {
    const crossed = [
      "import { LinksController } from '../http/links/links.controller';",
      "import { SCHEMA } from '../service';",
      'export { LinksController, SCHEMA };',
      '',
    ].join('\n');
    const errors = await ruleErrors('services/link-api/src/links/fixture-module.ts', crossed, 'waymark/service-layers');
    expect(errors).toEqual([
      expect.stringContaining('features never import http/'),
      expect.stringContaining('features never import the composition root (service.ts)'),
    ]);
    const clean = "import type { Config } from '../config';\nexport type { Config };\n";
    expect(await ruleErrors('services/link-api/src/links/fixture-module.ts', clean, 'waymark/service-layers')).toEqual(
      [],
    );
  });

  it("fails a feature that reaches into another's use cases or adapters; ports and the kernel pass", async () => {
    const crossed = [
      "import { MemoryLinkStore } from '../../links/infra/memory-link-store';",
      "import { visitShortLink } from '../../links/app/visit-short-link';",
      "import { consumeReadModel } from '../../links/infra/read-model';",
      'export { MemoryLinkStore, visitShortLink, consumeReadModel };',
      '',
    ].join('\n');
    const errors = await ruleErrors(
      'services/redirector/src/pages/app/fixture.ts',
      crossed,
      'waymark/feature-boundary',
    );
    expect(errors).toHaveLength(3);
    expect(errors.every((error) => error.includes('features meet only through app/<feature>-ports.ts'))).toBe(true);
    const clean = [
      "import type { LinkStore } from '../../links/app/links-ports';",
      "import { NO_STORE } from '../../shared-kernel/visit';",
      "import { splitScanMarker } from '../../links/domain/scan-marker';",
      'export { NO_STORE, splitScanMarker };',
      'export type { LinkStore };',
      '',
    ].join('\n');
    expect(await ruleErrors('services/redirector/src/gs1/app/fixture.ts', clean, 'waymark/feature-boundary')).toEqual(
      [],
    );
  });

  it('fails a shared kernel that imports a feature', async () => {
    const crossed = "import type { LinkStore } from '../links/app/links-ports';\nexport type { LinkStore };\n";
    expect(
      await ruleErrors('services/redirector/src/shared-kernel/fixture.ts', crossed, 'waymark/feature-boundary'),
    ).toEqual([expect.stringContaining('the shared kernel imports no feature')]);
  });

  it('fails an import that makes two features depend on each other, even through ports', async () => {
    // links already depends on pages (its ports name the tenant directory): pages using links' ports closes a cycle.
    const code = "import type { LinkStore } from '../../links/app/links-ports';\nexport type { LinkStore };\n";
    expect(await ruleErrors('services/redirector/src/pages/app/fixture.ts', code, 'waymark/no-feature-cycle')).toEqual([
      'feature cycle: pages -> links -> pages',
    ]);
    expect(await ruleErrors('services/redirector/src/gs1/app/fixture.ts', code, 'waymark/no-feature-cycle')).toEqual(
      [],
    );
  });
});

/** The TypeScript sources of the workspaces, without dependencies, builds and generated clients. */
function sourcesUnder(dirs: string[]): string[] {
  const skip = new Set(['node_modules', 'dist', 'generated']);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return skip.has(entry.name) || entry.name.startsWith('.') ? [] : walk(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  return dirs.flatMap((dir) => walk(path.join(ROOT, dir)));
}
