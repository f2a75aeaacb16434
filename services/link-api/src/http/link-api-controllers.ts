import type { ControllerContainer } from '@waymark/http';
import type { Logger } from '@waymark/logging';
import type { IdentityModule } from '../identity/identity-module';
import type { LinksModule } from '../links/links-module';
import { AccountController } from './account/account.controller';
import { ApiKeysController } from './admin/api-keys.controller';
import { DomainsController } from './admin/domains.controller';
import { PlansController } from './admin/plans.controller';
import { TenantsController } from './admin/tenants.controller';
import { LinkQrController } from './links/link-qr.controller';
import { LinksController } from './links/links.controller';
import { OpenApiController } from './links/openapi.controller';
import { loadPublicOpenApi } from './links/public-openapi';

/** Every controller of link-api with the use cases it delegates to: the HTTP edge sits above the features it calls. */
export function registerControllers(
  container: ControllerContainer,
  features: { identity: IdentityModule; links: LinksModule },
  logger: Logger,
): ControllerContainer {
  const { plans, tenants, domains, keys, account } = features.identity.useCases;
  const openApi = loadPublicOpenApi(logger);
  return container
    .register(PlansController, () => new PlansController(plans))
    .register(TenantsController, () => new TenantsController(tenants))
    .register(DomainsController, () => new DomainsController(domains))
    .register(ApiKeysController, () => new ApiKeysController(keys))
    .register(AccountController, () => new AccountController(account))
    .register(LinksController, () => new LinksController(features.links.useCases))
    .register(LinkQrController, () => new LinkQrController(features.links.renderQr))
    .register(OpenApiController, () => new OpenApiController(openApi));
}
