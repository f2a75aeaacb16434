import { namedEntryPoints, sourceOf } from './support/built-entry-points';
import { REPO_ROOT } from './support/service-catalog';

// A dist/ left by an older build hides a command naming a file the build no longer writes (`npm start` did), so this
// maps each named file back to its source through the owning tsconfig instead of looking at dist/.
describe('every `node …/dist/….js` a user or a deployment runs', () => {
  const points = namedEntryPoints(REPO_ROOT);

  it('finds the entry points of npm start, the CLIs, the images and the manifests', () => {
    const scripts = new Set(points.map((p) => p.script));
    for (const expected of [
      'apps/embedded/dist/main.js',
      'packages/cli/dist/main.js',
      'services/redirector/dist/src/main.js',
    ]) {
      expect(scripts).toContain(expected);
    }
    expect(points.some((p) => p.namedIn === 'Dockerfile')).toBe(true);
    expect(points.some((p) => p.namedIn.startsWith('deploy/k8s/'))).toBe(true);
  });

  it.each(points.map((p) => [p.script, p.namedIn]))('%s (named in %s) is a file the build writes', (script) => {
    expect({ script, ...sourceOf(REPO_ROOT, script) }).toEqual({ script, source: expect.any(String) });
  });
});
