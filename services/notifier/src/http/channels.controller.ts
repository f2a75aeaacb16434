import type { Request as ExpressRequest } from 'express';
import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  Patch,
  Path,
  Post,
  Query,
  Request,
  Response,
  Route,
  Security,
  SuccessResponse,
  Tags,
} from '@tsoa/runtime';
import { principalOf } from '@waymark/auth';
import { ChannelCreate, ChannelListQuery, ChannelPatch, DeliveryListQuery, Id } from '@waymark/contracts';
import { tagged, withEtagField, type HttpErrorBody } from '@waymark/http';
import type { ChannelUseCases } from '../channels/app/channel-use-cases';
import { channelEtag } from '../channels/domain/channel-etag';
import type {
  ChannelCreateBody,
  ChannelListView,
  ChannelPatchBody,
  ChannelView,
  DeliveryListView,
} from './channel-types';

@Route('v1/channels')
@Tags('Notification channels')
@Response<HttpErrorBody>(401, 'unauthorized')
@Response<HttpErrorBody>(403, 'insufficient_scope')
@Response<HttpErrorBody>(429, 'rate_limited')
export class ChannelsController extends Controller {
  constructor(private readonly useCases: ChannelUseCases) {
    super();
  }

  /**
   * Creates a channel. Webhook-class types return `signingSecret` once; email channels send a confirmation mail.
   * @summary Create a notification channel
   */
  @Post()
  @Security('api_key', ['notifications:write'])
  @SuccessResponse(201, 'Created')
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(503, 'unavailable')
  public async createChannel(@Body() body: ChannelCreateBody, @Request() req: ExpressRequest): Promise<ChannelView> {
    const channel = await this.useCases.createChannel(principalOf(req).tenantId, ChannelCreate.parse(body));
    this.setStatus(201);
    this.setHeader('Location', `/v1/channels/${encodeURIComponent(channel.id)}`);
    return tagged(this, channel, channelEtag(channel));
  }

  /**
   * The tenant's channels without secrets, oldest first, a page at a time.
   * @summary List notification channels
   * @param limit Page size, 1 to 200 (default 50)
   * @param cursor `nextCursor` of the previous page
   * @param outcome Only the attempts with this outcome
   * @isInt limit
   * @minimum limit 1
   * @maximum limit 200
   */
  @Get()
  @Security('api_key', ['notifications:read'])
  @Response<HttpErrorBody>(400, 'validation_failed')
  public async listChannels(
    @Request() req: ExpressRequest,
    @Query() limit?: number,
    @Query() cursor?: string,
  ): Promise<ChannelListView> {
    const page = await this.useCases.listChannels(principalOf(req).tenantId, ChannelListQuery.parse({ limit, cursor }));
    return { ...page, channels: page.channels.map((channel) => withEtagField(channel, channelEtag(channel))) };
  }

  /**
   * Pauses, resumes or renames a channel. Pausing stops pending retries at once.
   * @summary Update a notification channel
   * @param ifMatch The channel's ETag from a previous answer: the change applies only if nobody changed it since (412 otherwise)
   */
  @Patch('{id}')
  @Security('api_key', ['notifications:write'])
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(404, 'not_found')
  @Response<HttpErrorBody>(412, 'precondition_failed')
  public async updateChannel(
    @Path() id: string,
    @Body() body: ChannelPatchBody,
    @Request() req: ExpressRequest,
    @Header('If-Match') ifMatch?: string,
  ): Promise<ChannelView> {
    const patch = ChannelPatch.parse(body);
    const channel = await this.useCases.updateChannel(principalOf(req).tenantId, Id.parse(id), patch, ifMatch);
    return tagged(this, channel, channelEtag(channel));
  }

  /**
   * Deletes a channel; its pending retries stop at once.
   * @summary Delete a notification channel
   * @param ifMatch The channel's ETag from a previous answer: deleted only if nobody changed it since (412 otherwise)
   */
  @Delete('{id}')
  @Security('api_key', ['notifications:write'])
  @SuccessResponse(204, 'Deleted')
  @Response<HttpErrorBody>(404, 'not_found')
  @Response<HttpErrorBody>(412, 'precondition_failed')
  public async deleteChannel(
    @Path() id: string,
    @Request() req: ExpressRequest,
    @Header('If-Match') ifMatch?: string,
  ): Promise<void> {
    this.setStatus(204);
    await this.useCases.deleteChannel(principalOf(req).tenantId, Id.parse(id), ifMatch);
  }

  /**
   * The channel's delivery log: every attempt, newest first, cursor-paginated.
   * @summary List a channel's delivery attempts
   * @param limit Page size, 1 to 200 (default 50)
   * @param cursor `nextCursor` of the previous page
   * @param outcome Only the attempts with this outcome
   * @isInt limit
   * @minimum limit 1
   * @maximum limit 200
   */
  @Get('{id}/deliveries')
  @Security('api_key', ['notifications:read'])
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(404, 'not_found')
  public async listDeliveries(
    @Path() id: string,
    @Request() req: ExpressRequest,
    @Query() limit?: number,
    @Query() cursor?: string,
    @Query() outcome?: 'delivered' | 'failed',
  ): Promise<DeliveryListView> {
    return this.useCases.listDeliveries(
      principalOf(req).tenantId,
      Id.parse(id),
      DeliveryListQuery.parse({ limit, cursor, outcome }),
    );
  }
}
