import { randomUUID } from 'node:crypto';
import type { ControllerContainer } from '@waymark/http';
import { LinkQrController } from '../http/links/link-qr.controller';
import { LinksController } from '../http/links/links.controller';
import { OpenApiController } from '../http/links/openapi.controller';
import { loadPublicOpenApi } from '../http/links/public-openapi';
import { linkQr } from './app/link-qr';
import { createDestinationScreener, HostList } from '@waymark/screening';
import type { ServiceContext } from '../service';
import { linkUseCases } from './app/link-use-cases';
import { CachedLinkRepository } from './infra/cached-link.repository';
import { LinkReadCache } from './infra/link-read-cache';
import { FreshChannelDirectory } from './infra/fresh-channel-directory';
import { PrismaChannelDirectory } from './infra/prisma-channel-directory';
import { PgLinkReader } from './infra/pg-link-reader';
import { PrismaLinkRepository } from './infra/prisma-link.repository';

/** Links, QR and the description document of link-api, wired from the service context (consumers: link-consumers.ts). */
export function createLinksModule(context: ServiceContext) {
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
  const openApi = loadPublicOpenApi(context.logger);

  return {
    register(controllers: ControllerContainer): void {
      controllers
        .register(LinksController, () => new LinksController(useCases))
        .register(LinkQrController, () => new LinkQrController(renderQr))
        .register(OpenApiController, () => new OpenApiController(openApi));
    },
  };
}
