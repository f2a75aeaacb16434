import type {
  Channel,
  ChannelCreate,
  ChannelList,
  ChannelListQuery,
  ChannelPatch,
  DeliveryList,
  DeliveryListQuery,
} from '@waymark/contracts';
import type { ChannelDeps } from './channels-ports';
import { createChannel } from './create-channel';
import {
  checkEmailConfirmation,
  confirmEmail,
  deleteChannel,
  listChannels,
  listDeliveries,
  updateChannel,
} from './manage-channels';

/** The use cases the HTTP layer calls, bound to their ports once at start-up. */
export interface ChannelUseCases {
  createChannel(tenantId: string, input: ChannelCreate): Promise<Channel>;
  listChannels(tenantId: string, query: ChannelListQuery): Promise<ChannelList>;
  updateChannel(tenantId: string, id: string, patch: ChannelPatch, ifMatch?: string): Promise<Channel>;
  deleteChannel(tenantId: string, id: string, ifMatch?: string): Promise<void>;
  listDeliveries(tenantId: string, id: string, query: DeliveryListQuery): Promise<DeliveryList>;
  checkEmailConfirmation(token: string): Promise<void>;
  confirmEmail(token: string): Promise<{ channelId: string; confirmed: true }>;
}

export function bindChannelUseCases(deps: ChannelDeps): ChannelUseCases {
  return {
    createChannel: (tenantId, input) => createChannel(deps, tenantId, input),
    listChannels: (tenantId, query) => listChannels(deps, tenantId, query),
    updateChannel: (tenantId, id, patch, ifMatch) => updateChannel(deps, tenantId, id, patch, ifMatch),
    deleteChannel: (tenantId, id, ifMatch) => deleteChannel(deps, tenantId, id, ifMatch),
    listDeliveries: (tenantId, id, query) => listDeliveries(deps, tenantId, id, query),
    checkEmailConfirmation: (token) => checkEmailConfirmation(deps, token),
    confirmEmail: (token) => confirmEmail(deps, token),
  };
}
