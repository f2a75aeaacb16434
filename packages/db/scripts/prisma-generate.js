#!/usr/bin/env node
// `prisma generate` for the workspace package in the current directory (npm runs a package's scripts there):
// every service's "generate" script is `node ../../packages/db/scripts/prisma-generate.js`.
//
// Why a wrapper: the Prisma 7 CLI downloads its schema-engine binary from outside the npm registry before it
// generates, unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file. Generating never runs that engine, so we
// point it at a placeholder that explains itself if anything ever does run it. That keeps `npm run generate`
// offline and working on a fresh clone after `npm ci`. Migrations do not use the engine either: see runMigrations.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const cwd = process.cwd();
const schema = process.argv[2] || path.join('prisma', 'schema.prisma');
if (!fs.existsSync(path.resolve(cwd, schema))) {
  console.error(`prisma-generate: no Prisma schema at ${path.resolve(cwd, schema)}`);
  process.exit(1);
}

const env = { ...process.env, CHECKPOINT_DISABLE: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1' };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !fs.existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = path.join(__dirname, 'schema-engine-unavailable');
}

const cli = require.resolve('prisma/build/index.js', { paths: [cwd, __dirname] });
const result = spawnSync(process.execPath, [cli, 'generate', '--schema', schema], { cwd, env, stdio: 'inherit' });
if (result.error) throw result.error;
process.exit(result.status ?? 1);
