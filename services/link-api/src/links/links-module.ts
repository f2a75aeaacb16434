import { randomUUID } from 'node:crypto';
import type { ApiAuth } from '@waymark/auth';
import type { AwaitPublished } from '@waymark/db';
import type { FreshReads } from '@waymark/events';
import { createDestinationScreener, HostList } from '@waymark/screening';
import type { Pool } from 'pg';
import type { Config } from '../config';
import type { PrismaClient } from '../generated/prisma/client';
import { linkQr } from './app/link-qr';
import { linkUseCases } from './app/link-use-cases';
import { CachedLinkRepository } from './infra/cached-link.repository';
import { LinkReadCache } from './infra/link-read-cache';
import { FreshChannelDirectory } from './infra/fresh-channel-directory';
import { PrismaChannelDirectory } from './infra/prisma-channel-directory';
import { PgLinkReader } from './infra/pg-link-reader';
import type { LinkInvalidations } from './infra/link-invalidations';
import { PrismaLinkRepository } from './infra/prisma-link.repository';

/** What the links feature is built from: the service context's parts it uses (service.ts passes the whole context). */
export interface LinksModuleDeps {
  config: Config;
  prisma: PrismaClient;
  readPool: Pool;
  clock: () => Date;
  auth: ApiAuth;
  linkInvalidations: LinkInvalidations;
  channelsFresh: FreshReads;
  published: AwaitPublished;
}

/**
 * The use cases of links and QR, wired from the service context (consumers: link-consumers.ts). The composition root
 * hands them to the controllers.
 */
export function createLinksModule(context: LinksModuleDeps) {
  const { config } = context;
  const stored = new PrismaLinkRepository(context.prisma, new PgLinkReader(context.readPool), context.published);
  const cache = new LinkReadCache({
    ttlMs: config.LINK_READ_CACHE_TTL,
    maxEntries: config.LINK_READ_CACHE_MAX_ENTRIES,
  });
  const links = new CachedLinkRepository(stored, cache, context.linkInvalidations);
  const channels = new FreshChannelDirectory(new PrismaChannelDirectory(context.prisma), context.channelsFresh);
  const configuredFronts = new HostList(config.SHORT_DOMAINS);
  const screener = createDestinationScreener({
    maxLength: config.DESTINATION_MAX_LENGTH,
    blockedHosts: config.DESTINATION_BLOCKLIST,
    // Every tenant's domain, verified or not, is a front of this installation; SHORT_DOMAINS entries cover subdomains.
    isShortDomain: (host) =>
      context.auth.identity.model.domain(host) !== undefined || configuredFronts.match(host) !== null,
  });
  const useCases = linkUseCases({ links, channels, screener, clock: context.clock, newId: randomUUID });
  const renderQr = linkQr({ links });
  return { useCases, renderQr };
}

export type LinksModule = ReturnType<typeof createLinksModule>;
