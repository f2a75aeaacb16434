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
import { ChannelCreate, ChannelListQuery, ChannelPatch, DeliveryListQuery, Id, SecretRotate } from '@waymark/contracts';
import { tagged, withEtagField, type HttpErrorBody } from '@waymark/http';
import type { ChannelUseCases } from '../channels/app/channel-use-cases';
import { channelEtag } from '../channels/domain/channel-etag';
import type {
  ChannelCreateBody,
  ChannelListView,
  ChannelPatchBody,
  ChannelView,
  DeliveryListView,
  DeliveryScheduledView,
  SecretRotateBody,
  SecretRotationView,
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
   * One channel, as the list shows it (never its secret).
   * @summary Get a notification channel
   */
  @Get('{id}')
  @Security('api_key', ['notifications:read'])
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(404, 'not_found')
  public async getChannel(@Path() id: string, @Request() req: ExpressRequest): Promise<ChannelView> {
    const channel = await this.useCases.getChannel(principalOf(req).tenantId, Id.parse(id));
    return tagged(this, channel, channelEtag(channel));
  }

  /**
   * Pauses, resumes or renames a channel, or moves a URL channel to a new URL (checked like a new channel's; pending
   * retries go to the new URL). Pausing stops pending retries at once. An email address cannot be changed.
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
   * Sends a sample `click` event, signed like any delivery and marked `"test": true` in the body, to a webhook-class
   * or Slack channel. It is a delivery of its own: retried on the usual schedule and listed in the delivery log with
   * `test: true`.
   * @summary Send a test event to a channel
   */
  @Post('{id}/test')
  @Security('api_key', ['notifications:write'])
  @SuccessResponse(202, 'Scheduled')
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(404, 'not_found')
  @Response<HttpErrorBody>(409, 'conflict')
  public async sendTestEvent(@Path() id: string, @Request() req: ExpressRequest): Promise<DeliveryScheduledView> {
    const scheduled = await this.useCases.sendTestEvent(principalOf(req).tenantId, Id.parse(id));
    this.setStatus(202);
    return scheduled;
  }

  /**
   * Replaces a signed channel's secret. The new `whsec_` secret is in this response only. The old one keeps signing
   * for `overlapSeconds` (default 24 h, at most 7 days; 0 drops it at once): meanwhile every delivery carries both
   * signatures in `webhook-signature`, the new one first, so either secret verifies it.
   * @summary Rotate a channel's signing secret
   */
  @Post('{id}/secret/rotate')
  @Security('api_key', ['notifications:write'])
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(404, 'not_found')
  public async rotateSecret(
    @Path() id: string,
    @Request() req: ExpressRequest,
    @Body() body?: SecretRotateBody,
  ): Promise<SecretRotationView> {
    return this.useCases.rotateSecret(principalOf(req).tenantId, Id.parse(id), SecretRotate.parse(body ?? {}));
  }

  /**
   * Starts a fresh attempt series of one finished delivery (`deliveryId` of the delivery log): the same body and the
   * same `webhook-id`, attempts counted from 1 again.
   * @summary Redeliver one delivery
   */
  @Post('{id}/deliveries/{deliveryId}/redeliver')
  @Security('api_key', ['notifications:write'])
  @SuccessResponse(202, 'Scheduled')
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(404, 'not_found')
  @Response<HttpErrorBody>(409, 'conflict')
  public async redeliver(
    @Path() id: string,
    @Path() deliveryId: string,
    @Request() req: ExpressRequest,
  ): Promise<DeliveryScheduledView> {
    const scheduled = await this.useCases.redeliver(principalOf(req).tenantId, Id.parse(id), Id.parse(deliveryId));
    this.setStatus(202);
    return scheduled;
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
