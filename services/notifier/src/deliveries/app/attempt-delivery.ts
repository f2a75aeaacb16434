import { ClickEvent, DELIVERY_MAX_ATTEMPTS } from '@waymark/contracts';
import { clickMail } from '../domain/delivery-content';
import { delayAfterAttempt } from '../domain/retry-schedule';
import type { SecretBox } from '../../channels/domain/secret-box';
import { signingKeyOf, webhookHeaders } from '../../shared-kernel/webhook-signature';
import { errorKindOf } from '../domain/error-kind';
import type { AttemptRecord, ClaimedDelivery, MailSender, SendOutcome, WebhookSender } from './deliveries-ports';

export interface AttemptDeps {
  webhooks: WebhookSender;
  mail: MailSender;
  secrets: SecretBox;
  clock: () => Date;
  timeUnitMs: number;
  /** Called when a receiver answered 410 Gone and the operator lets that disable the channel. */
  onGone?: (delivery: ClaimedDelivery) => Promise<void>;
}

/** Makes one attempt of a claimed delivery and says what the log records and when (whether) the next one runs. */
export async function attemptDelivery(deps: AttemptDeps, delivery: ClaimedDelivery): Promise<AttemptRecord> {
  const attempt = delivery.attempts + 1;
  const at = deps.clock();
  const started = performance.now();
  const outcome = await send(deps, delivery, at);
  const durationMs = Math.round(performance.now() - started);
  const delivered = outcome.errorKind === null;
  const gone = outcome.httpStatus === 410 && deps.onGone !== undefined;
  if (gone) await deps.onGone?.(delivery);
  const retryInMs = delivered || gone ? null : delayAfterAttempt(attempt, deps.timeUnitMs);
  return {
    deliveryId: delivery.id,
    attempt,
    at,
    delivered,
    httpStatus: outcome.httpStatus,
    errorKind: outcome.errorKind,
    durationMs,
    responseSnippet: outcome.responseSnippet,
    terminal: delivered || retryInMs === null || attempt >= DELIVERY_MAX_ATTEMPTS,
    retryInMs,
  };
}

async function send(deps: AttemptDeps, delivery: ClaimedDelivery, at: Date): Promise<SendOutcome> {
  if (delivery.channelType === 'email') return sendMail(deps, delivery);
  const url = delivery.config.url ?? '';
  if (!delivery.secretCiphertext) return deps.webhooks.send(url, {}, delivery.body);
  const keys = [signingKeyOf(deps.secrets.open(delivery.secretCiphertext, delivery.channelId))];
  const previous = openPrevious(deps, delivery);
  if (previous) keys.push(previous);
  return deps.webhooks.send(url, { ...webhookHeaders(keys, delivery.eventId, at, delivery.body) }, delivery.body);
}

/**
 * The rotated-out secret's key while its overlap lasts. The re-sealing of a key rotation covers only current
 * secrets, so one no configured key opens any more is skipped: the current signature still verifies.
 */
function openPrevious(deps: AttemptDeps, delivery: ClaimedDelivery): Buffer | null {
  if (!delivery.previousSecretCiphertext) return null;
  try {
    return signingKeyOf(deps.secrets.open(delivery.previousSecretCiphertext, delivery.channelId));
  } catch {
    return null;
  }
}

async function sendMail(deps: AttemptDeps, delivery: ClaimedDelivery): Promise<SendOutcome> {
  try {
    const event = ClickEvent.parse(JSON.parse(delivery.body));
    await deps.mail.send({ to: delivery.config.email ?? '', ...clickMail(event, delivery.eventId) });
    return { httpStatus: null, errorKind: null, responseSnippet: null };
  } catch (error) {
    const response = (error as { response?: unknown }).response;
    return {
      httpStatus: null,
      errorKind: errorKindOf(error),
      responseSnippet: typeof response === 'string' ? response.slice(0, 1024) : null,
    };
  }
}
