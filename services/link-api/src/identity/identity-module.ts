import { readLastUsed } from '@waymark/auth';
import type { KeyValueCache } from '@waymark/cache';
import type { AwaitPublished } from '@waymark/db';
import { createDestinationScreener, HostList } from '@waymark/screening';
import type { Config } from '../config';
import type { PrismaClient } from '../generated/prisma/client';
import { accountUseCases } from './app/account-use-cases';
import { apiKeyUseCases } from './app/api-key-use-cases';
import { domainUseCases } from './app/domain-use-cases';
import { planUseCases } from './app/plan-use-cases';
import { tenantUseCases } from './app/tenant-use-cases';
import { dnsTxtResolver, type TxtResolver } from './infra/dns-txt-resolver';
import { PrismaIdentityRepository } from './infra/prisma-identity.repository';

export interface IdentityModuleDeps {
  config: Config;
  prisma: PrismaClient;
  clock: () => Date;
  cache?: KeyValueCache;
  /** Replaces the resolver built from DNS_SERVERS. */
  dns?: TxtResolver;
  published: AwaitPublished;
}

/** Tenants, plans, domains and API keys: the operator API's use cases (the composition root hands them to controllers). */
export function createIdentityModule(deps: IdentityModuleDeps) {
  const repo = new PrismaIdentityRepository(deps.prisma, deps.published);
  const dns = deps.dns ?? dnsTxtResolver({ servers: deps.config.DNS_SERVERS, timeoutMs: deps.config.DNS_TIMEOUT });
  const cache = deps.cache;
  const plans = planUseCases({ repo, clock: deps.clock });
  const fronts = new HostList(deps.config.SHORT_DOMAINS);
  // Logos and fallbacks may sit on a tenant's own domain (no loop there); the installation's fronts are still refused.
  const screener = createDestinationScreener({
    maxLength: deps.config.DESTINATION_MAX_LENGTH,
    blockedHosts: deps.config.DESTINATION_BLOCKLIST,
    isShortDomain: (host) => fronts.match(host) !== null,
  });
  const tenants = tenantUseCases({ repo, clock: deps.clock, defaultPlan: deps.config.DEFAULT_PLAN, screener });
  const domains = domainUseCases({ repo, dns, clock: deps.clock });
  const keys = apiKeyUseCases({
    repo,
    clock: deps.clock,
    lastUsed: async (hashes) => (cache ? readLastUsed(cache, hashes) : new Map()),
  });
  const account = accountUseCases({ repo, tenants });
  return {
    repo,
    /** Inserts PLAN_CATALOG plans the database lacks; existing plans keep what the operator set. */
    seed: () => repo.seedPlans(deps.config.PLAN_CATALOG),
    useCases: { plans, tenants, domains, keys, account },
  };
}

export type IdentityModule = ReturnType<typeof createIdentityModule>;
