import type {
  Channel,
  ChannelCreate,
  ChannelList,
  ChannelListQuery,
  ChannelPatch,
  DeliveryList,
  DeliveryListQuery,
  DeliveryScheduled,
  SecretRotate,
  SecretRotation,
} from '@waymark/contracts';
import { redeliver, rotateSecret, sendTestEvent } from './channel-operations';
import type { ChannelDeps } from './channels-ports';
import { createChannel } from './create-channel';
import {
  checkEmailConfirmation,
  confirmEmail,
  deleteChannel,
  getChannel,
  listChannels,
  listDeliveries,
  updateChannel,
} from './manage-channels';

/** The use cases the HTTP layer calls, bound to their ports once at start-up. */
export interface ChannelUseCases {
  createChannel(tenantId: string, input: ChannelCreate): Promise<Channel>;
  listChannels(tenantId: string, query: ChannelListQuery): Promise<ChannelList>;
  getChannel(tenantId: string, id: string): Promise<Channel>;
  updateChannel(tenantId: string, id: string, patch: ChannelPatch, ifMatch?: string): Promise<Channel>;
  sendTestEvent(tenantId: string, id: string): Promise<DeliveryScheduled>;
  rotateSecret(tenantId: string, id: string, input: SecretRotate): Promise<SecretRotation>;
  redeliver(tenantId: string, id: string, deliveryId: string): Promise<DeliveryScheduled>;
  deleteChannel(tenantId: string, id: string, ifMatch?: string): Promise<void>;
  listDeliveries(tenantId: string, id: string, query: DeliveryListQuery): Promise<DeliveryList>;
  checkEmailConfirmation(token: string): Promise<void>;
  confirmEmail(token: string): Promise<{ channelId: string; confirmed: true }>;
}

export function bindChannelUseCases(deps: ChannelDeps): ChannelUseCases {
  return {
    createChannel: (tenantId, input) => createChannel(deps, tenantId, input),
    listChannels: (tenantId, query) => listChannels(deps, tenantId, query),
    getChannel: (tenantId, id) => getChannel(deps, tenantId, id),
    updateChannel: (tenantId, id, patch, ifMatch) => updateChannel(deps, tenantId, id, patch, ifMatch),
    sendTestEvent: (tenantId, id) => sendTestEvent(deps, tenantId, id),
    rotateSecret: (tenantId, id, input) => rotateSecret(deps, tenantId, id, input),
    redeliver: (tenantId, id, deliveryId) => redeliver(deps, tenantId, id, deliveryId),
    deleteChannel: (tenantId, id, ifMatch) => deleteChannel(deps, tenantId, id, ifMatch),
    listDeliveries: (tenantId, id, query) => listDeliveries(deps, tenantId, id, query),
    checkEmailConfirmation: (token) => checkEmailConfirmation(deps, token),
    confirmEmail: (token) => confirmEmail(deps, token),
  };
}
