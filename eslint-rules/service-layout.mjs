import path from 'node:path';

// Where a file sits inside a service: `services/<service>/src/<part>/...`. A part is a feature folder, the HTTP edge
// (`http/`), generated code, a shared kernel folder, or one of the entry files at the root of `src/`.

const SERVICE_SRC = /^(.*\/services\/([^/]+)\/src)\/(.+)$/;

/**
 * @param {string} file absolute path
 * @param {Record<string, string[]>} sharedKernel per service: paths under `src/` (a trailing `/` names a folder)
 */
export function locate(file, sharedKernel = {}) {
  const match = SERVICE_SRC.exec(file.split(path.sep).join('/'));
  if (!match) return undefined;
  const [, srcDir, service, relative] = match;
  const segments = relative.split('/');
  const kernel = (sharedKernel[service] ?? []).some((entry) =>
    entry.endsWith('/') ? relative.startsWith(entry) : relative === entry,
  );
  let kind;
  if (kernel) kind = 'kernel';
  else if (segments.length === 1) kind = 'root';
  else if (segments[0] === 'http') kind = 'http';
  else if (segments[0] === 'generated') kind = 'generated';
  else kind = 'feature';
  return { srcDir, service, relative, kind, feature: kind === 'feature' ? segments[0] : undefined };
}

/** A feature's ports: `app/<name>-ports.ts` directly in the feature's `app/`. */
export function isPortsFile(location) {
  return /^[^/]+\/app\/[^/]+-ports\.ts$/.test(location.relative);
}
