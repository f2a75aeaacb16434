import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

/** What `npm start` leaves for the operator and the admin CLI (`npm run admin` reads it when no env is set). */
export const embeddedStateSchema = z.object({
  apiUrl: z.string().url(),
  redirectorUrl: z.string().url(),
  operatorToken: z.string().min(32),
  defaultTenantId: z.string().min(1),
  defaultDomain: z.string().min(1),
});
export type EmbeddedState = z.infer<typeof embeddedStateSchema>;

const tenantResponse = z.object({ id: z.string().min(1) }).passthrough();

/**
 * On the first start, creates the default tenant with the embedded redirector's host as its verified default domain
 * (through the operator API, as an operator would), so a link created right after `npm start` works at once.
 * Later starts reuse the tenant recorded in the state file.
 */
export async function bootstrapDefaultTenant(
  stateFile: string,
  urls: { apiUrl: string; redirectorUrl: string },
  operatorToken: string,
  defaultDomain: string,
): Promise<EmbeddedState> {
  if (existsSync(stateFile)) {
    const previous = embeddedStateSchema.safeParse(JSON.parse(readFileSync(stateFile, 'utf8')));
    if (previous.success && previous.data.defaultDomain === defaultDomain) {
      const state = { ...previous.data, ...urls, operatorToken };
      writeState(stateFile, state);
      return state;
    }
  }
  const response = await fetch(`${urls.apiUrl}/admin/v1/tenants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Default tenant',
      defaultDomain,
      verifyDefaultDomain: true,
      entitlements: ['resolver'],
      branding: { name: 'Waymark' },
    }),
  });
  if (response.status !== 201) {
    throw new Error(`could not create the default tenant: ${response.status} ${await response.text()}`);
  }
  const tenant = tenantResponse.parse(await response.json());
  const state: EmbeddedState = { ...urls, operatorToken, defaultTenantId: tenant.id, defaultDomain };
  writeState(stateFile, state);
  return state;
}

/** 0600 even over an older file: it holds the operator token, and the CLI uses only a file no one else can read. */
function writeState(file: string, state: EmbeddedState): void {
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}
