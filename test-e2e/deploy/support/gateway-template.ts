import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './service-catalog';

export const GATEWAY_TEMPLATE_PATH = path.join(REPO_ROOT, 'deploy', 'nginx', 'gateway.conf.template');

/** envsubst limited to the template's own variables, as the nginx image renders it; nginx's `$host` etc. stay. */
export function renderGatewayTemplate(vars: Readonly<Record<string, string>>): string {
  return readFileSync(GATEWAY_TEMPLATE_PATH, 'utf8').replace(/\$\{([A-Z0-9_]+)\}/g, (_whole, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`the gateway template uses \${${name}}, which was not given`);
    return value;
  });
}
