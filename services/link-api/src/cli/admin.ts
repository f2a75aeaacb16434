#!/usr/bin/env node
import { helpRequested } from '@waymark/config';
import { toAdminRequest, USAGE } from './admin-commands';
import { resolveCliTarget } from './cli-config';

/** `npm run admin -- tenant create --name Acme`: the operator API from a terminal; prints the JSON answer. */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (helpRequested(argv)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const request = toAdminRequest(argv);
  const target = resolveCliTarget(process.env, process.cwd());
  const response = await fetch(`${target.apiUrl}/admin/v1${request.path}`, {
    method: request.method,
    headers: { authorization: `Bearer ${target.operatorToken}`, 'content-type': 'application/json' },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const text = await response.text();
  const out = response.ok ? process.stdout : process.stderr;
  out.write(text ? `${JSON.stringify(JSON.parse(text), null, 2)}\n` : `${response.status} ${response.statusText}\n`);
  return response.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
