import { randomUUID } from 'node:crypto';
import { generateApiKey } from '@waymark/auth';
import { DomainError } from '@waymark/contracts';
import type { ApiKeyView, CreatedApiKey } from '../domain/admin-types';
import type { ApiKeyCreateInput } from '../domain/admin-schemas';
import { apiKeyView } from '../domain/identity-views';
import type { IdentityStore } from './identity-ports';
import { required } from './not-found';

export interface ApiKeyUseCases {
  createKey(tenantId: string, body: ApiKeyCreateInput): Promise<CreatedApiKey>;
  listKeys(tenantId: string): Promise<{ keys: ApiKeyView[] }>;
  revokeKey(id: string): Promise<ApiKeyView>;
}

export interface ApiKeyDeps {
  repo: IdentityStore;
  clock: () => Date;
  /** Last-used times other instances and services recorded in the shared cache, newer than the table's. */
  lastUsed: (hashes: string[]) => Promise<Map<string, Date>>;
}

export function apiKeyUseCases(deps: ApiKeyDeps): ApiKeyUseCases {
  const { repo } = deps;
  return {
    /** The key is returned once; only its SHA-256 is stored and published. */
    async createKey(tenantId, body) {
      const now = deps.clock();
      if (body.expiresAt !== undefined && Date.parse(body.expiresAt) <= now.getTime()) {
        throw new DomainError('validation_failed', 'expiresAt must be in the future', [
          { path: 'expiresAt', message: 'must be in the future' },
        ]);
      }
      const generated = generateApiKey();
      const id = randomUUID();
      return repo.change(async (tx) => {
        required(await tx.tenant(tenantId), 'Tenant', tenantId);
        const row = await tx.createKey({
          id,
          hash: generated.hash,
          displayPrefix: generated.displayPrefix,
          tenantId,
          name: body.name ?? '',
          scopes: body.scopes,
          expiresAt: body.expiresAt === undefined ? null : new Date(body.expiresAt),
          createdAt: now,
        });
        return { result: { ...apiKeyView(row), key: generated.key }, keys: [id] };
      });
    },

    async listKeys(tenantId) {
      required(await repo.tenant(tenantId), 'Tenant', tenantId);
      const rows = await repo.keysOf(tenantId);
      const shared = await deps.lastUsed(rows.map((row) => row.hash)).catch(() => new Map<string, Date>());
      return { keys: rows.map((row) => apiKeyView(row, latest(row.lastUsedAt, shared.get(row.hash)))) };
    },

    /** Idempotent: revoking a revoked key keeps its first revocation time. */
    async revokeKey(id) {
      return repo.change(async (tx) => {
        const key = required(await tx.key(id), 'API key', id);
        const row = key.revokedAt ? key : await tx.revokeKey(id, deps.clock());
        return { result: apiKeyView(row), keys: [id] };
      });
    },
  };
}

function latest(a: Date | null, b: Date | undefined): Date | null {
  if (!b) return a;
  if (!a) return b;
  return a > b ? a : b;
}
