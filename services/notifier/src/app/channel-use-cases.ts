import type { SecretBox } from '../domain/secret-box';
import type { WebhookUrlPolicy } from '../domain/webhook-url-policy';
import type { ChannelRepository } from '../infra/channel.repository';
import type { DeliveryRepository } from '../infra/delivery.repository';
import type { Resolve } from '../infra/guarded-lookup';
import type { MailSender } from '../infra/mail-sender';

/** The ports the channel use cases share; each use case takes only the ones it names. */
export interface ChannelDeps {
  channels: ChannelRepository;
  deliveries: DeliveryRepository;
  secrets: SecretBox;
  mail: Pick<MailSender, 'send'>;
  urlPolicy: WebhookUrlPolicy;
  resolve: Resolve;
  clock: () => Date;
  confirmation: { baseUrl: string; ttlMs: number };
}
