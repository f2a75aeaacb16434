import type { SecretBox } from '../domain/secret-box';
import type { WebhookUrlPolicy } from '../domain/webhook-url-policy';
import type { Resolve } from '../domain/public-host';
import type { ChannelRepository, DeliveryRepository, MailSender } from './notifier-ports';

/** The ports the channel use cases share; each use case takes only the ones it names. */
export interface ChannelDeps {
  channels: ChannelRepository;
  deliveries: DeliveryRepository;
  secrets: SecretBox;
  mail: MailSender;
  urlPolicy: WebhookUrlPolicy;
  resolve: Resolve;
  clock: () => Date;
  confirmation: { baseUrl: string; ttlMs: number };
}
