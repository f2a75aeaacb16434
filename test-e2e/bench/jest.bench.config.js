// `npm run bench:system`: the whole-system benchmark runs under jest only for the test kit's real infrastructure
// (globalSetup) and the TypeScript transform the end-to-end suite uses; it asserts nothing about timings.
const path = require('node:path');
const root = require('../../jest.config.js');

const integration = root.projects.find((p) => p.displayName === 'integration');
module.exports = {
  ...integration,
  displayName: 'bench',
  rootDir: path.resolve(__dirname, '..', '..'),
  testMatch: ['<rootDir>/test-e2e/bench/*.bench.ts'],
  // The integration project leaves test-e2e/bench/ to the unit project (its pure tests); the benches live there.
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 900000,
};
