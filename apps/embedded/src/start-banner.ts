import { SCOPES } from '@waymark/contracts';

export interface StartBannerFacts {
  apiUrl: string;
  consoleUrl?: string;
  redirectorUrl: string;
  defaultDomain: string;
  defaultTenantId: string;
  operatorTokenFile: string;
  stateFile: string;
  services: readonly { name: string; port: number }[];
}

/**
 * What `npm start` prints once everything is up. The README's quick start and the newcomer check
 * (test-e2e/newcomer) follow it line by line: the key command is run exactly as printed.
 */
export function startBannerText(facts: StartBannerFacts): string {
  return [
    '',
    'Waymark is running (embedded).',
    ...(facts.consoleUrl
      ? [
          `  Console:          ${facts.consoleUrl}   (sign in with an API key)`,
          `  Operator console: ${facts.consoleUrl}#/operator   (sign in with the operator token)`,
        ]
      : []),
    `  API base URL:     ${facts.apiUrl}   (OpenAPI: ${facts.apiUrl}/v1/openapi.json)`,
    `  Redirector:       ${facts.redirectorUrl}   (default domain ${facts.defaultDomain}, verified)`,
    `  Operator token:   written to ${facts.operatorTokenFile} (and ${facts.stateFile})`,
    `  Create an API key: npm run admin -- key create ${facts.defaultTenantId} --scopes ${SCOPES.join(',')}`,
    '  Stop:             Ctrl-C (or SIGTERM); data stays for the next start',
    `  Service health:   ${facts.services.map((s) => `${s.name} http://127.0.0.1:${s.port}/readyz`).join(', ')}`,
    '',
  ].join('\n');
}
