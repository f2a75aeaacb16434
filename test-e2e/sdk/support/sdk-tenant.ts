import { randomBytes } from 'node:crypto';
import { SCOPES } from '@waymark/contracts';
import { createWaymarkClient, WaymarkApiError, type WaymarkClient } from '@waymark/sdk';
import type { EmbeddedWaymark } from '../../support/embedded-waymark';
import { checkedFetch, servedOpenApi } from './checked-fetch';

export interface SdkTenant {
  waymark: WaymarkClient;
  domain: string;
  /** How many HTTP requests the tenant's client has sent (each page of a list is one). */
  requests: { count: number };
  /** Answers of either client (operator, tenant) that GET /v1/openapi.json does not describe; empty when all are. */
  contractProblems: string[];
}

function must<T>(answer: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (answer.data === undefined)
    throw new Error(`${what}: ${WaymarkApiError.from(answer.response, answer.error).message}`);
  return answer.data;
}

/** A tenant onboarded through the operator API with the SDK itself (operator token as Bearer), holding every scope. */
export async function onboardWithSdk(system: EmbeddedWaymark): Promise<SdkTenant> {
  const checked = checkedFetch(system.apiUrl, await servedOpenApi(system.apiUrl));
  const operator = createWaymarkClient({
    baseUrl: system.apiUrl,
    apiKey: system.operatorToken,
    auth: 'bearer',
    fetch: checked.fetch,
  });
  const tenant = must(
    await operator.POST('/admin/v1/tenants', {
      body: { name: 'SDK Corp', plan: 'enterprise', entitlements: ['resolver'] },
    }),
    'create tenant',
  );
  const domain = `sdk-${randomBytes(5).toString('hex')}.example.test`;
  must(
    await operator.POST('/admin/v1/tenants/{id}/domains', {
      params: { path: { id: tenant.id } },
      body: { name: domain },
    }),
    'add domain',
  );
  must(
    await operator.POST('/admin/v1/domains/{name}/verify', {
      params: { path: { name: domain } },
      body: { method: 'operator' },
    }),
    'verify domain',
  );
  must(
    await operator.PATCH('/admin/v1/tenants/{id}', {
      params: { path: { id: tenant.id } },
      body: { defaultDomain: domain },
    }),
    'default domain',
  );
  const key = must(
    await operator.POST('/admin/v1/tenants/{id}/keys', {
      params: { path: { id: tenant.id } },
      body: { name: 'sdk', scopes: [...SCOPES] },
    }),
    'issue key',
  );
  const requests = { count: 0 };
  const counting: typeof fetch = (input, init) => {
    requests.count += 1;
    return checked.fetch(input, init);
  };
  return {
    waymark: createWaymarkClient({ baseUrl: system.apiUrl, apiKey: key.key, fetch: counting }),
    domain,
    requests,
    contractProblems: checked.problems,
  };
}

export { must };
