import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/*
 * A benchmark must run on a fresh clone of a fresh machine, with no test run before it to have installed what it
 * starts. These read the scripts themselves: every bench script provisions first (or only calls bench scripts that
 * do), and the provisioning covers every binary the test kit looks up on PATH.
 */
const root = join(__dirname, '..', '..');
const read = (...path: string[]) => readFileSync(join(root, ...path), 'utf8');
const PROVISION = /^bash (\.\.\/\.\.\/)?scripts\/provision-bench-deps\.sh && /;

function benchScripts(): { where: string; name: string; command: string }[] {
  const manifests = ['package.json'];
  for (const dir of ['packages', 'services', 'apps']) {
    for (const name of readdirSync(join(root, dir))) manifests.push(join(dir, name, 'package.json'));
  }
  return manifests.flatMap((where) => {
    let scripts: Record<string, string>;
    try {
      scripts = (JSON.parse(read(where)) as { scripts?: Record<string, string> }).scripts ?? {};
    } catch {
      return [];
    }
    return Object.entries(scripts)
      .filter(([name]) => name === 'bench' || name.startsWith('bench:'))
      .map(([name, command]) => ({ where, name, command }));
  });
}

/** `npm run bench -w X` and `npm run bench:gs1 && npm run bench:export` delegate to scripts checked on their own. */
const onlyDelegates = (command: string) =>
  command.split('&&').every((step) => /^\s*npm run bench(:[\w:-]+)?( -w @waymark\/[\w-]+)?\s*$/.test(step));

describe('benchmark provisioning', () => {
  it('every bench script provisions its infrastructure before it starts anything', () => {
    const scripts = benchScripts();
    expect(scripts.length).toBeGreaterThan(8);
    const unprovisioned = scripts.filter(({ command }) => !PROVISION.test(command) && !onlyDelegates(command));
    expect(unprovisioned).toEqual([]);
  });

  it('the provisioning installs every binary the test kit looks up on PATH', () => {
    const provisioning = read('scripts', 'provision-test-deps.sh');
    expect(read('scripts', 'provision-bench-deps.sh')).toMatch(/provision-test-deps\.sh/);
    const looked = new Set<string>();
    for (const dir of [join('packages', 'testkit', 'src'), join('test-e2e', 'deploy', 'support')]) {
      const files = readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' });
      for (const file of files.filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
        for (const match of read(dir, file).matchAll(/findBinary\('([\w-]+)'/g)) looked.add(match[1]!);
      }
    }
    expect([...looked].sort()).toEqual(expect.arrayContaining(['kcat', 'nginx', 'redis-server', 'wrk']));
    const missing = [...looked].filter((binary) => !provisioning.includes(`command -v ${binary} `));
    expect(missing).toEqual([]);
  });
});
