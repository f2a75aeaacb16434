#!/usr/bin/env node
import { writeFileSync } from 'node:fs';
import { PUBLIC_OPENAPI_FILE, publicOpenApiText } from './public-openapi-file';

/** `npm run openapi:write`: refreshes the committed public document after an API change (run after the build). */
writeFileSync(PUBLIC_OPENAPI_FILE, publicOpenApiText());
process.stdout.write(`wrote ${PUBLIC_OPENAPI_FILE}\n`);
