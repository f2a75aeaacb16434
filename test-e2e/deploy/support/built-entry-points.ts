import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A `node <dir>/dist/<file>.js` command named somewhere a user or a deployment reads it. */
export interface EntryPoint {
  /** Where it is named, relative to the repository. */
  readonly namedIn: string;
  /** The script, relative to the repository. */
  readonly script: string;
}

const NODE_DIST = /\bnode\s+(?:"|'|\[?"node",\s*")?((?:[\w@.-]+\/)*dist\/[\w./-]+\.js)/g;
const JSON_NODE_DIST = /"node",\s*"((?:[\w@.-]+\/)*dist\/[\w./-]+\.js)"/g;

/** Every `node …/dist/….js` in `text`, resolved against `baseDir` (a workspace's scripts run in the workspace). */
function scriptsIn(text: string, baseDir: string): string[] {
  const found = [...text.matchAll(NODE_DIST), ...text.matchAll(JSON_NODE_DIST)].map((m) => m[1] as string);
  return [...new Set(found)].map((script) => path.posix.normalize(path.posix.join(baseDir, script)));
}

const filesUnder = (root: string, dir: string, ends: string): string[] =>
  existsSync(path.join(root, dir))
    ? readdirSync(path.join(root, dir)).flatMap((name) => {
        const rel = path.posix.join(dir, name);
        if (statSync(path.join(root, rel)).isDirectory())
          return name === 'node_modules' || name === 'dist' ? [] : filesUnder(root, rel, ends);
        return rel.endsWith(ends) ? [rel] : [];
      })
    : [];

/** The entry points named in package.json scripts, the Dockerfile, compose, deploy/ manifests and the docs. */
export function namedEntryPoints(root: string): EntryPoint[] {
  const workspaces = ['packages', 'services', 'apps'].flatMap((dir) =>
    readdirSync(path.join(root, dir)).map((name) => `${dir}/${name}`),
  );
  const manifests = ['.', ...workspaces, 'test-e2e'].filter((dir) => existsSync(path.join(root, dir, 'package.json')));
  const points: EntryPoint[] = [];
  for (const dir of manifests) {
    const namedIn = path.posix.join(dir, 'package.json');
    const scripts =
      (JSON.parse(readFileSync(path.join(root, namedIn), 'utf8')) as { scripts?: Record<string, string> }).scripts ??
      {};
    for (const command of Object.values(scripts))
      for (const script of scriptsIn(command, dir)) points.push({ namedIn, script });
  }
  const docs = ['README.md', ...filesUnder(root, 'docs', '.md'), ...workspaces.map((dir) => `${dir}/README.md`)];
  const deployment = ['Dockerfile', 'docker-compose.yml', ...filesUnder(root, 'deploy', '.yaml')];
  for (const namedIn of [...deployment, ...docs].filter((file) => existsSync(path.join(root, file)))) {
    for (const script of scriptsIn(readFileSync(path.join(root, namedIn), 'utf8'), '.'))
      points.push({ namedIn, script });
  }
  return points;
}

interface ProjectConfig {
  compilerOptions?: { rootDir?: string; outDir?: string; noEmit?: boolean };
  include?: string[];
}

/**
 * The TypeScript source `tsc -b` compiles into `script`, or why none: the owning project's outDir maps back through
 * its rootDir, and the source must lie in one of the folders the project includes.
 */
export function sourceOf(root: string, script: string): { source: string } | { problem: string } {
  const [projectDir, rest] = script.split(/\/dist\//) as [string, string];
  const configFile = path.join(root, projectDir, 'tsconfig.json');
  if (!existsSync(configFile)) return { problem: `${projectDir} has no tsconfig.json` };
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as ProjectConfig;
  const options = config.compilerOptions ?? {};
  if (options.noEmit || path.posix.normalize(options.outDir ?? '.') !== 'dist')
    return { problem: `${projectDir}'s build writes no dist/` };
  const fromRoot = path.posix.join(path.posix.normalize(options.rootDir ?? '.'), rest.replace(/\.js$/, '.ts'));
  const included = (config.include ?? []).some(
    (folder) => fromRoot === folder || fromRoot.startsWith(`${path.posix.normalize(folder)}/`),
  );
  const source = path.posix.join(projectDir, fromRoot);
  if (!existsSync(path.join(root, source)))
    return { problem: `the build writes it from ${source}, which does not exist` };
  if (!included)
    return { problem: `${source} is outside ${projectDir}'s include (${(config.include ?? []).join(', ')})` };
  return { source };
}
