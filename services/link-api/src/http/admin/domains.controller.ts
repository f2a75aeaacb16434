import {
  Body,
  Controller,
  Delete,
  Get,
  Path,
  Post,
  Response,
  Route,
  Security,
  SuccessResponse,
  Tags,
} from '@tsoa/runtime';
import type { HttpErrorBody } from '@waymark/http';
import type { DomainUseCases } from '../../identity/app/domain-use-cases';
import { DomainCreateSchema, DomainParam, DomainVerifySchema, IdParam } from '../../identity/domain/admin-schemas';
import type { DomainCreate, DomainVerify, DomainView } from '../../identity/domain/admin-types';

@Route('admin/v1')
@Tags('admin')
@Security('operator')
@Response<HttpErrorBody>(401, 'unauthorized')
export class DomainsController extends Controller {
  constructor(private readonly domains: DomainUseCases) {
    super();
  }

  /**
   * Adds a domain; the response names the TXT record that verifies it. Only verified domains accept links.
   * @summary Add a domain to a tenant
   */
  @Post('tenants/{id}/domains')
  @SuccessResponse(201, 'Created')
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(404, 'not_found')
  @Response<HttpErrorBody>(409, 'conflict')
  public async addDomain(@Path() id: string, @Body() body: DomainCreate): Promise<DomainView> {
    const domain = await this.domains.addDomain(IdParam.parse(id), DomainCreateSchema.parse(body));
    this.setStatus(201);
    this.setHeader('Location', `/admin/v1/domains/${encodeURIComponent(domain.name)}`);
    return domain;
  }

  /**
   * The tenant's domains, verified or not.
   * @summary List a tenant's domains
   */
  @Get('tenants/{id}/domains')
  @Response<HttpErrorBody>(404, 'not_found')
  public async listDomains(@Path() id: string): Promise<{ domains: DomainView[] }> {
    return this.domains.listDomains(IdParam.parse(id));
  }

  /**
   * Checks the TXT record (`method: dns`, the default; 409 `conflict` when it is missing) or marks it verified.
   * @summary Verify a domain
   */
  @Post('domains/{name}/verify')
  @Response<HttpErrorBody>(404, 'not_found')
  @Response<HttpErrorBody>(409, 'conflict')
  public async verifyDomain(@Path() name: string, @Body() body: DomainVerify): Promise<DomainView> {
    return this.domains.verifyDomain(DomainParam.parse(name), DomainVerifySchema.parse(body).method);
  }

  /**
   * Removes a domain; links on it stop resolving.
   * @summary Remove a domain
   */
  @Delete('domains/{name}')
  @SuccessResponse(204, 'Removed')
  @Response<HttpErrorBody>(404, 'not_found')
  public async removeDomain(@Path() name: string): Promise<void> {
    this.setStatus(204);
    await this.domains.removeDomain(DomainParam.parse(name));
  }
}
