import type { Command } from 'commander';
import { type AdminRequest, callOperatorApi } from '../admin/operator-call';
import { resolveOperatorTarget } from '../admin/operator-target';
import { contextOf, note } from '../output/cli-context';
import { terminalSafeJson } from '../output/terminal-text';
import { commaList, wholeNumber } from './option-parsers';

type Options = Record<string, string | boolean | string[] | number | undefined>;
const segment = (value: string) => encodeURIComponent(value);

/** Registers an action that maps its arguments to one operator API call and prints the JSON answer. */
function operatorAction(command: Command, toRequest: (args: string[], options: Options) => AdminRequest): Command {
  return command.action(async (...params: unknown[]) => {
    const self = params[params.length - 1] as Command;
    const context = contextOf(self);
    const target = resolveOperatorTarget(context.env, context.cwd, (warning) => note(context, warning));
    const answer = await callOperatorApi(target, toRequest(self.args, self.opts()), context.requestTimeoutMs);
    // JSON in both modes: the operator API's answers are the record of what was done (a key is shown once).
    context.stdout.write(`${terminalSafeJson(answer)}\n`);
  });
}

const ADMIN_HELP = `
Talks to the operator API at WAYMARK_API_URL with WAYMARK_OPERATOR_TOKEN (the service's OPERATOR_TOKEN); what they
leave out comes from the embedded mode's .waymark/embedded.json (in the working directory, or in WAYMARK_HOME), so
after \`npm start\` nothing needs exporting; that file is used only when it is yours, readable by you alone (0600)
and names a loopback address. Prints the operator API's JSON answer.`;

/** `waymark admin ...`: the operator's commands (tenants, domains, keys, plans) over the operator HTTP API. */
export function registerAdminCommands(program: Command): void {
  const admin = program
    .command('admin')
    .description('operator commands: tenants, domains, API keys, plans')
    .addHelpText('after', ADMIN_HELP);

  const tenant = admin.command('tenant').description('create, list, read and update tenants');
  operatorAction(
    tenant
      .command('create')
      .description('create a tenant')
      .requiredOption('--name <name>', 'tenant name')
      .option('--plan <plan>', 'plan name')
      .option('--domain <domain>', 'default domain')
      .option('--verify-domain', 'mark it verified'),
    (_a, o) => ({
      method: 'POST',
      path: '/tenants',
      body: { name: o.name, plan: o.plan, defaultDomain: o.domain, verifyDefaultDomain: o.verifyDomain },
    }),
  );
  operatorAction(tenant.command('list').description('list tenants'), () => ({ method: 'GET', path: '/tenants' }));
  operatorAction(tenant.command('get').description('show a tenant').argument('<id>'), ([id]) => ({
    method: 'GET',
    path: `/tenants/${segment(id as string)}`,
  }));
  operatorAction(
    tenant
      .command('update')
      .description('rename a tenant, change its plan or default domain')
      .argument('<id>')
      .option('--name <name>')
      .option('--plan <plan>')
      .option('--default-domain <domain>'),
    ([id], o) => ({
      method: 'PATCH',
      path: `/tenants/${segment(id as string)}`,
      body: { name: o.name, plan: o.plan, defaultDomain: o.defaultDomain },
    }),
  );
  operatorAction(
    tenant
      .command('entitlements')
      .description("replace a tenant's entitlements")
      .argument('<id>')
      .requiredOption('--entitlements <list>', 'comma-separated, e.g. resolver', commaList),
    ([id], o) => ({
      method: 'PUT',
      path: `/tenants/${segment(id as string)}/entitlements`,
      body: { entitlements: o.entitlements },
    }),
  );

  const domain = admin.command('domain').description("add, verify, list and remove a tenant's domains");
  operatorAction(
    domain
      .command('add')
      .description('add a domain to a tenant')
      .argument('<tenant-id>')
      .argument('<domain>')
      .option('--verified', 'mark it verified'),
    ([id, name], o) => ({
      method: 'POST',
      path: `/tenants/${segment(id as string)}/domains`,
      body: { name, verified: o.verified },
    }),
  );
  operatorAction(domain.command('list').description("list a tenant's domains").argument('<tenant-id>'), ([id]) => ({
    method: 'GET',
    path: `/tenants/${segment(id as string)}/domains`,
  }));
  operatorAction(
    domain
      .command('verify')
      .description('verify a domain (DNS check, or --operator to vouch for it)')
      .argument('<domain>')
      .option('--operator'),
    ([name], o) => ({
      method: 'POST',
      path: `/domains/${segment(name as string)}/verify`,
      body: { method: o.operator ? 'operator' : 'dns' },
    }),
  );
  operatorAction(domain.command('remove').description('remove a domain').argument('<domain>'), ([name]) => ({
    method: 'DELETE',
    path: `/domains/${segment(name as string)}`,
  }));

  const key = admin.command('key').description("issue, list and revoke a tenant's API keys");
  operatorAction(
    key
      .command('create')
      .description('issue an API key (its secret is shown once)')
      .argument('<tenant-id>')
      .requiredOption('--scopes <list>', 'comma-separated scopes, e.g. links:read,links:write', commaList)
      .option('--name <name>')
      .option('--expires <iso-instant>', 'expiry, e.g. 2031-01-01T00:00:00Z'),
    ([id], o) => ({
      method: 'POST',
      path: `/tenants/${segment(id as string)}/keys`,
      body: { name: o.name, scopes: o.scopes, expiresAt: o.expires },
    }),
  );
  operatorAction(key.command('list').description("list a tenant's keys").argument('<tenant-id>'), ([id]) => ({
    method: 'GET',
    path: `/tenants/${segment(id as string)}/keys`,
  }));
  operatorAction(key.command('revoke').description('revoke a key').argument('<key-id>'), ([id]) => ({
    method: 'POST',
    path: `/keys/${segment(id as string)}/revoke`,
  }));

  const plan = admin.command('plan').description('list plans and set their limits');
  operatorAction(plan.command('list').description('list plans'), () => ({ method: 'GET', path: '/plans' }));
  operatorAction(
    plan
      .command('set')
      .description("create or change a plan's limits")
      .argument('<name>')
      .requiredOption('--rate <per-minute>', 'requests per minute', wholeNumber)
      .requiredOption('--burst <n>', 'burst', wholeNumber)
      .requiredOption('--bulk <rows>', 'rows per bulk request', wholeNumber)
      .requiredOption('--exports <per-hour>', 'exports per hour', wholeNumber),
    ([name], o) => ({
      method: 'PUT',
      path: `/plans/${segment(name as string)}`,
      body: { rateLimitPerMinute: o.rate, burst: o.burst, bulkRowCap: o.bulk, exportsPerHour: o.exports },
    }),
  );
}
