import type { Logger } from '@waymark/logging';
import type { SecretBox } from '../domain/secret-box';
import type { ChannelRepository } from './channels-ports';

export interface ResealDeps {
  channels: Pick<ChannelRepository, 'secretsNotSealedWith' | 'replaceSealedSecret'>;
  secrets: SecretBox;
  logger: Logger;
}

export interface ResealResult {
  /** Secrets now sealed with the current key. */
  resealed: number;
  /** Secrets that no configured key opens: their webhooks cannot be signed until the right key is configured. */
  unreadable: number;
}

const PAGE_SIZE = 200;

/**
 * One pass of a key rotation: every signing secret not yet sealed with the current key (sealed with a previous key,
 * or in the format before key ids) is opened and sealed again with the current key. Each row is swapped only if it
 * still holds what was read, so instances running a pass at the same time, or a channel deleted meanwhile, are safe.
 * A secret no key opens is left untouched and reported, never overwritten.
 */
export async function resealSecrets(deps: ResealDeps): Promise<ResealResult> {
  const prefix = deps.secrets.currentSealedPrefix;
  const result: ResealResult = { resealed: 0, unreadable: 0 };
  let afterId = '';
  for (;;) {
    const page = await deps.channels.secretsNotSealedWith(prefix, afterId, PAGE_SIZE);
    for (const { channelId, secretCiphertext } of page) {
      let plaintext: string;
      try {
        plaintext = deps.secrets.open(secretCiphertext, channelId);
      } catch (error) {
        result.unreadable += 1;
        deps.logger.error(
          { channelId, reason: error instanceof Error ? error.message : String(error) },
          'signing secret opens with no configured key',
        );
        continue;
      }
      if (await deps.channels.replaceSealedSecret(channelId, secretCiphertext, deps.secrets.seal(plaintext, channelId)))
        result.resealed += 1;
    }
    const last = page[page.length - 1];
    if (page.length < PAGE_SIZE || last === undefined) return result;
    afterId = last.channelId;
  }
}
