import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import waymark from './eslint-rules/waymark-plugin.mjs';

// Import boundaries (docs/decisions.md, "Import boundaries"), with ESLint's own no-restricted-imports: it matches the
// import as written, which is how this tree imports (`@waymark/<name>` across workspaces, relative paths inside one).
const SERVICES = readdirSync(new URL('./services', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const serviceImports = (except) => ({
  group: SERVICES.filter((name) => name !== except).flatMap((name) => [`@waymark/${name}`, `@waymark/${name}/*`]),
  message: except
    ? 'a service does not import another service: share through a package or an event'
    : 'a package does not import a service (services compose packages, not the other way round)',
});
const relativeServiceImports = {
  group: ['**/services/*', '**/services/**'],
  message: 'reach a service only through its own files',
};
const testImports = { group: ['**/test', '**/test/**'], message: 'production code does not import test code' };
const domainImports = {
  regex: '^\\.{1,2}/(.*/)?(app|infra|http|generated)(/|$)',
  message: "domain/ imports nothing of the service's app/, infra/ or http/",
};
const appImports = {
  regex: '^\\.{1,2}/(.*/)?(infra|http|generated)(/|$)',
  message: 'app/ imports ports and domain only: declare what it needs of infra/ as a port in app/',
};

// One config object per kind of file: ESLint keeps only the last matching options of a rule, so each carries all of
// the patterns that apply to it.
const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});
const TESTS = ['**/*.test.ts', '**/test/**', '**/bench/**', '**/scripts/**'];

const boundaries = [
  // Packages are the layer below the services: none imports a service, with no exception. Compositions of several
  // services (the embedded runner) live in apps/.
  restrict(['packages/*/src/**/*.ts'], [serviceImports(), relativeServiceImports, testImports], TESTS),
  restrict(
    ['packages/*/{test,bench,scripts}/**/*.ts', 'packages/*/src/**/*.test.ts'],
    [serviceImports(), relativeServiceImports],
  ),
  // apps/ sit above the services and may import any of them; their production code still keeps out of test code.
  restrict(['apps/*/src/**/*.{ts,tsx}'], [testImports], TESTS),
  ...SERVICES.flatMap((service) => [
    restrict(
      [`services/${service}/src/**/*.ts`],
      [serviceImports(service), relativeServiceImports, testImports],
      [`services/${service}/src/**/domain/**`, `services/${service}/src/**/app/**`, ...TESTS],
    ),
    restrict(
      [`services/${service}/src/**/app/**/*.ts`],
      [serviceImports(service), relativeServiceImports, testImports, appImports],
      TESTS,
    ),
    restrict(
      [`services/${service}/src/**/domain/**/*.ts`],
      [serviceImports(service), relativeServiceImports, testImports, domainImports],
      TESTS,
    ),
    // gs1-catalog's export tests and benchmark run the real renderer next to it, as the system does; the other
    // services' tests use only their own service.
    ...(service === 'gs1-catalog'
      ? []
      : [
          restrict(
            [`services/${service}/{test,bench,scripts}/**/*.ts`],
            [serviceImports(service), relativeServiceImports],
          ),
        ]),
  ]),
];

// Files of a service that every feature may import besides the other features' ports: small pieces several features
// share, owned by none (docs/architecture.md, "Layers inside a service"). A trailing `/` names a folder; a kernel
// imports no feature. Files listed in place are pure domain rules another feature reuses one way.
const SHARED_KERNEL = {
  'analytics-ingest': [
    'clicks/domain/dimensions.ts',
    'clicks/domain/hyperloglog.ts',
    'clicks/domain/utc-day.ts',
    'links/domain/link-incarnation.ts',
  ],
  'export-renderer': [
    'artwork/domain/export-options.ts',
    'artwork/domain/render-record-schema.ts',
    'artwork/domain/gs1/gs1-encoding.default.ts',
  ],
  'gs1-catalog': ['links/domain/gs1-link-record.ts'],
  notifier: ['shared-kernel/', 'channels/domain/secret-box.ts', 'channels/domain/webhook-url-policy.ts'],
  redirector: [
    'shared-kernel/',
    'links/domain/destination-url.ts',
    'links/domain/json-response.ts',
    'links/domain/link-outcome.ts',
    'links/domain/scan-marker.ts',
    'pages/domain/branded-page.ts',
  ],
};

// Crossings into another feature's use cases or adapters that predate the rule, each still to become a port (or to
// move to a package). Listed one by one so that no new one slips in; the list only shrinks.
const KNOWN_CROSSINGS = {
  'export-renderer': [
    // The worker thread's entry is a composition root of its own: it builds the artwork renderer it runs.
    'jobs/infra/render-worker.ts -> artwork/app/render-record.ts',
    'jobs/infra/render-worker.ts -> artwork/infra/zxing-symbol-reader.ts',
    'jobs/app/render-export-job.ts -> artwork/app/render-export.ts',
  ],
};
const featureRules = { sharedKernel: SHARED_KERNEL, knownCrossings: KNOWN_CROSSINGS };

// Rules that follow an import to the file it lands on: layers and features inside a service, and cycles anywhere.
const importGraph = [
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { waymark },
    rules: { 'waymark/no-import-cycle': 'error' },
  },
  {
    files: ['services/*/src/**/*.ts'],
    ignores: TESTS,
    rules: {
      'waymark/service-layers': ['error', featureRules],
      'waymark/feature-boundary': ['error', featureRules],
      'waymark/no-feature-cycle': ['error', featureRules],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/src/generated/**', '**/*.js', '**/*.mjs', '.waymark/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Small files with one job each (docs/architecture.md, "Small files"): split before a file becomes a god file.
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...boundaries,
  ...importGraph,
);
