// One jest run covers the whole monorepo. Workspace imports (@waymark/*) resolve to TypeScript sources,
// so tests never depend on a stale build; swc strips types (tsc -b does the type-checking).
const fs = require('node:fs');
const path = require('node:path');

const moduleNameMapper = {};
for (const dir of ['packages', 'services', 'apps']) {
  for (const name of fs.readdirSync(path.join(__dirname, dir))) {
    moduleNameMapper[`^@waymark/${name}$`] = `<rootDir>/${dir}/${name}/src/index.ts`;
  }
}

const shared = {
  rootDir: __dirname,
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true } } },
    ],
  },
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testEnvironment: 'node',
};

module.exports = {
  // Global: jest ignores testTimeout inside a project entry. Integration tests start real processes.
  testTimeout: 60000,
  projects: [
    // Pure tests beside the code: no infrastructure.
    // The bench's pure parts (rate scheduling, CPU and lag arithmetic) are unit tests too.
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{packages,services,apps}/*/src/**/*.test.ts', '<rootDir>/test-e2e/bench/**/*.test.ts'],
    },
    // Integration and end-to-end tests: real infrastructure started once per run by the test kit.
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{packages,services,apps}/*/test/**/*.test.ts', '<rootDir>/test-e2e/**/*.test.ts'],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '<rootDir>/test-e2e/bench/'],
      globalSetup: '<rootDir>/packages/testkit/src/jest-global-setup.ts',
      globalTeardown: '<rootDir>/packages/testkit/src/jest-global-teardown.ts',
    },
  ],
};
