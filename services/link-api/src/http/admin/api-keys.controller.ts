import { Body, Controller, Get, Path, Post, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import type { HttpErrorBody } from '@waymark/http';
import type { ApiKeyUseCases } from '../../identity/app/api-key-use-cases';
import { ApiKeyCreateSchema, IdParam } from '../../identity/domain/admin-schemas';
import type { ApiKeyCreate, ApiKeyView, CreatedApiKey } from '../../identity/domain/admin-types';

@Route('admin/v1')
@Tags('admin')
@Security('operator')
@Response<HttpErrorBody>(401, 'unauthorized')
export class ApiKeysController extends Controller {
  constructor(private readonly keys: ApiKeyUseCases) {
    super();
  }

  /**
   * Issues a key with the given scopes. The key is in this response only; it is stored as its SHA-256.
   * @summary Issue an API key
   */
  @Post('tenants/{id}/keys')
  @SuccessResponse(201, 'Created')
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(404, 'not_found')
  public async createKey(@Path() id: string, @Body() body: ApiKeyCreate): Promise<CreatedApiKey> {
    const key = await this.keys.createKey(IdParam.parse(id), ApiKeyCreateSchema.parse(body));
    this.setStatus(201);
    this.setHeader('Location', `/admin/v1/keys/${encodeURIComponent(key.id)}`);
    return key;
  }

  /**
   * The tenant's keys without secrets, with their last-used times.
   * @summary List a tenant's API keys
   */
  @Get('tenants/{id}/keys')
  @Response<HttpErrorBody>(404, 'not_found')
  public async listKeys(@Path() id: string): Promise<{ keys: ApiKeyView[] }> {
    return this.keys.listKeys(IdParam.parse(id));
  }

  /**
   * Revokes a key; every service refuses it as soon as identity.v1 reaches it.
   * @summary Revoke an API key
   */
  @Post('keys/{id}/revoke')
  @Response<HttpErrorBody>(404, 'not_found')
  public async revokeKey(@Path() id: string): Promise<ApiKeyView> {
    return this.keys.revokeKey(IdParam.parse(id));
  }
}
