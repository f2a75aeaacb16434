import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The relative imports of the tree as a graph of files: what the cycle and feature rules walk. Type-only imports
// count too (a cycle of types is still two files that cannot be understood apart). Imports of other workspaces
// (`@waymark/<name>`) are not followed: TypeScript's project references already refuse cycles between them.

const EXTENSIONS = ['.ts', '.tsx'];
const cache = new Map();

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The source file a relative specifier names, or undefined for a package or a file that is not TypeScript. */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    ...EXTENSIONS.map((ext) => stem + ext),
    base,
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((file) => EXTENSIONS.includes(path.extname(file)) && isFile(file));
}

/** The files `file` imports, read from `text` when given (the source being linted), else from disk. */
export function importsOf(file, text) {
  if (text === undefined) {
    let mtime;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return [];
    }
    const hit = cache.get(file);
    if (hit && hit.mtime === mtime) return hit.imports;
    const imports = parseImports(file, readFileSync(file, 'utf8'));
    cache.set(file, { mtime, imports });
    return imports;
  }
  return parseImports(file, text);
}

function parseImports(file, text) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const resolved = importedFiles.map((entry) => resolveImport(file, entry.fileName)).filter(Boolean);
  return [...new Set(resolved)];
}

/**
 * A path of imports from `start` back to `target` (both included), or undefined. `current` is the file being
 * linted, whose imports come from its text rather than from disk.
 */
export function importPath(start, target, current) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === target) {
      const chain = [];
      for (let at = file; at !== undefined; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    const next = file === current.file ? current.imports : importsOf(file);
    for (const imported of next) {
      if (previous.has(imported)) continue;
      previous.set(imported, file);
      queue.push(imported);
    }
  }
  return undefined;
}

const listed = new Map();

/** The production TypeScript files under `dir`: no tests, builds or generated clients. Listed once per process. */
export function sourceFiles(dir) {
  if (!listed.has(dir)) listed.set(dir, listSources(dir));
  return listed.get(dir);
}

function listSources(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'dist', 'generated'].includes(entry.name) ? [] : listSources(full);
    }
    return EXTENSIONS.includes(path.extname(entry.name)) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
