// Runs the link-api bench with the same TypeScript transform, workspace mapping and real infrastructure (testkit's
// globalSetup) as the integration tests, so `npm run bench:link-api` needs no build step.
const path = require('node:path');
const root = require('../../../jest.config.js');

const integration = root.projects.find((p) => p.displayName === 'integration');
module.exports = {
  ...integration,
  displayName: 'bench',
  rootDir: path.resolve(__dirname, '..', '..', '..'),
  testMatch: ['<rootDir>/services/link-api/bench/**/*.bench.ts'],
  testTimeout: 600000,
};
