// `npm run bench:console`: the console's load-time benchmark runs under jest only for the TypeScript transform the
// end-to-end suite uses. The embedded system starts its own infrastructure, so the test kit's global setup is not
// needed; nothing here asserts a timing.
const path = require('node:path');
const root = require('../../../jest.config.js');

const integration = root.projects.find((p) => p.displayName === 'integration');
module.exports = {
  transform: integration.transform,
  moduleNameMapper: integration.moduleNameMapper,
  testEnvironment: 'node',
  displayName: 'bench-console',
  rootDir: path.resolve(__dirname, '..', '..', '..'),
  testMatch: ['<rootDir>/test-e2e/bench/console/**/*.bench.ts'],
  testTimeout: 900000,
};
