import {
  Body,
  Controller,
  Get,
  Patch,
  Path,
  Post,
  Put,
  Response,
  Route,
  Security,
  SuccessResponse,
  Tags,
} from '@tsoa/runtime';
import type { HttpErrorBody } from '@waymark/http';
import type { TenantUseCases } from '../../identity/app/tenant-use-cases';
import {
  EntitlementsSchema,
  IdParam,
  TenantCreateSchema,
  TenantPatchSchema,
} from '../../identity/domain/admin-schemas';
import type { EntitlementsWrite, TenantCreate, TenantPatch, TenantView } from '../../identity/domain/admin-types';

@Route('admin/v1/tenants')
@Tags('admin')
@Security('operator')
@Response<HttpErrorBody>(401, 'unauthorized')
export class TenantsController extends Controller {
  constructor(private readonly tenants: TenantUseCases) {
    super();
  }

  /**
   * Creates a tenant, optionally with its default domain (verified at once when the operator vouches for it).
   * @summary Create a tenant
   */
  @Post()
  @SuccessResponse(201, 'Created')
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(409, 'conflict')
  public async createTenant(@Body() body: TenantCreate): Promise<TenantView> {
    const tenant = await this.tenants.createTenant(TenantCreateSchema.parse(body));
    this.setStatus(201);
    this.setHeader('Location', `/admin/v1/tenants/${encodeURIComponent(tenant.id)}`);
    return tenant;
  }

  /**
   * Every tenant with its plan, entitlements, domains and branding.
   * @summary List tenants
   */
  @Get()
  public async listTenants(): Promise<{ tenants: TenantView[] }> {
    return this.tenants.listTenants();
  }

  /**
   * One tenant with its plan, entitlements, domains and branding.
   * @summary Get a tenant
   */
  @Get('{id}')
  @Response<HttpErrorBody>(404, 'not_found')
  public async getTenant(@Path() id: string): Promise<TenantView> {
    return this.tenants.getTenant(IdParam.parse(id));
  }

  /**
   * Renames, changes plan or branding, or sets the default domain (one of the tenant's domains).
   * @summary Update a tenant
   */
  @Patch('{id}')
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(404, 'not_found')
  public async patchTenant(@Path() id: string, @Body() body: TenantPatch): Promise<TenantView> {
    return this.tenants.patchTenant(IdParam.parse(id), TenantPatchSchema.parse(body));
  }

  /**
   * Replaces the tenant's entitlements (for example `resolver`).
   * @summary Replace a tenant's entitlements
   */
  @Put('{id}/entitlements')
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(404, 'not_found')
  public async setEntitlements(@Path() id: string, @Body() body: EntitlementsWrite): Promise<TenantView> {
    return this.tenants.setEntitlements(IdParam.parse(id), EntitlementsSchema.parse(body).entitlements);
  }
}
