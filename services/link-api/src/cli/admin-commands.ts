import { parseArgs } from 'node:util';

/** One operator API call: method, path under /admin/v1, and an optional JSON body. */
export interface AdminRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

const list = (value: string | undefined) => (value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter(Boolean));
const int = (value: string | undefined, name: string) => {
  if (value === undefined || !/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number`);
  return Number(value);
};

const OPTIONS = {
  name: { type: 'string' }, plan: { type: 'string' }, domain: { type: 'string' }, 'verify-domain': { type: 'boolean' },
  verified: { type: 'boolean' }, operator: { type: 'boolean' }, scopes: { type: 'string' }, expires: { type: 'string' },
  entitlements: { type: 'string' }, 'default-domain': { type: 'string' }, rate: { type: 'string' }, burst: { type: 'string' },
  bulk: { type: 'string' }, exports: { type: 'string' },
} as const;

export const USAGE = `usage: npm run admin -- <command>
  tenant create --name NAME [--plan PLAN] [--domain DOMAIN [--verify-domain]]
  tenant list | tenant get ID
  tenant update ID [--name NAME] [--plan PLAN] [--default-domain DOMAIN]
  tenant entitlements ID --entitlements resolver,...
  domain add TENANT_ID DOMAIN [--verified] | domain list TENANT_ID
  domain verify DOMAIN [--operator] | domain remove DOMAIN
  key create TENANT_ID --scopes links:read,links:write [--name NAME] [--expires ISO_INSTANT]
  key list TENANT_ID | key revoke KEY_ID
  plan list | plan set NAME --rate PER_MINUTE --burst N --bulk ROWS --exports PER_HOUR
  --help, -h   this text
Prints the operator API's JSON answer. Talks to WAYMARK_API_URL with WAYMARK_OPERATOR_TOKEN (the service's
OPERATOR_TOKEN); what they leave out comes from the embedded mode's .waymark/embedded.json (in the working directory,
or in WAYMARK_HOME), so after \`npm start\` nothing needs exporting.`;

/** Turns command-line arguments into an operator API request; the API validates the values themselves. */
export function toAdminRequest(argv: string[]): AdminRequest {
  const { values: o, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  const [resource, action, a, b] = positionals;
  const need = (value: string | undefined, what: string) => {
    if (!value) throw new Error(`missing ${what}\n${USAGE}`);
    return encodeURIComponent(value);
  };
  switch (`${resource} ${action}`) {
    case 'tenant create':
      return { method: 'POST', path: '/tenants', body: { name: o.name, plan: o.plan, defaultDomain: o.domain, verifyDefaultDomain: o['verify-domain'] } };
    case 'tenant list': return { method: 'GET', path: '/tenants' };
    case 'tenant get': return { method: 'GET', path: `/tenants/${need(a, 'ID')}` };
    case 'tenant update':
      return { method: 'PATCH', path: `/tenants/${need(a, 'ID')}`, body: { name: o.name, plan: o.plan, defaultDomain: o['default-domain'] } };
    case 'tenant entitlements':
      return { method: 'PUT', path: `/tenants/${need(a, 'ID')}/entitlements`, body: { entitlements: list(o.entitlements) ?? [] } };
    case 'domain add': return { method: 'POST', path: `/tenants/${need(a, 'TENANT_ID')}/domains`, body: { name: b, verified: o.verified } };
    case 'domain list': return { method: 'GET', path: `/tenants/${need(a, 'TENANT_ID')}/domains` };
    case 'domain verify': return { method: 'POST', path: `/domains/${need(a, 'DOMAIN')}/verify`, body: { method: o.operator ? 'operator' : 'dns' } };
    case 'domain remove': return { method: 'DELETE', path: `/domains/${need(a, 'DOMAIN')}` };
    case 'key create':
      return { method: 'POST', path: `/tenants/${need(a, 'TENANT_ID')}/keys`, body: { name: o.name, scopes: list(o.scopes), expiresAt: o.expires } };
    case 'key list': return { method: 'GET', path: `/tenants/${need(a, 'TENANT_ID')}/keys` };
    case 'key revoke': return { method: 'POST', path: `/keys/${need(a, 'KEY_ID')}/revoke` };
    case 'plan list': return { method: 'GET', path: '/plans' };
    case 'plan set':
      return {
        method: 'PUT',
        path: `/plans/${need(a, 'NAME')}`,
        body: { rateLimitPerMinute: int(o.rate, 'rate'), burst: int(o.burst, 'burst'), bulkRowCap: int(o.bulk, 'bulk'), exportsPerHour: int(o.exports, 'exports') },
      };
    default:
      throw new Error(USAGE);
  }
}
