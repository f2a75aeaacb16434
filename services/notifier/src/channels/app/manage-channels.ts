import {
  decodeKeysetCursor,
  DomainError,
  encodeKeysetCursor,
  type Channel,
  type ChannelList,
  type ChannelListQuery,
  type ChannelPatch,
  type DeliveryList,
  type DeliveryListQuery,
} from '@waymark/contracts';
import { assertChannelIfMatch } from '../domain/channel-etag';
import { toChannel } from '../domain/channel-record';
import type { ChannelDeps, ChannelPrecondition } from './channels-ports';
import { assertReachableUrl, hashToken } from './create-channel';

export const notFound = () => new DomainError('not_found', 'No such channel');

/** A page of the tenant's channels, oldest first. The cursor is the position (createdAt, id) of the page's last one. */
export async function listChannels(
  deps: Pick<ChannelDeps, 'channels'>,
  tenantId: string,
  query: ChannelListQuery,
): Promise<ChannelList> {
  const after = query.cursor === undefined ? null : decodeKeysetCursor(query.cursor);
  const records = await deps.channels.list(tenantId, query.limit + 1, after);
  const page = records.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor = records.length > query.limit && last ? encodeKeysetCursor(last) : null;
  return { channels: page.map(toChannel), nextCursor };
}

/**
 * Pause/resume, rename or re-point; pausing cancels the channel's pending retries at once (spec 3.3). A new URL is
 * screened exactly as at creation and stored as it was judged; pending retries go to it.
 */
export async function updateChannel(
  deps: Pick<ChannelDeps, 'channels' | 'urlPolicy' | 'resolve'>,
  tenantId: string,
  id: string,
  patch: ChannelPatch,
  ifMatch?: string,
): Promise<Channel> {
  if (patch.config) {
    const found = await deps.channels.find(tenantId, id);
    if (!found) throw notFound();
    if (!('url' in found.config)) {
      throw new DomainError('validation_failed', 'an email channel’s address cannot be changed; create a new channel', [
        { path: 'config', message: 'email channels have no url' },
      ]);
    }
    patch = { ...patch, config: { url: await assertReachableUrl(deps, patch.config.url) } };
  }
  const reason = patch.enabled === false ? 'paused' : null;
  const record = await deps.channels.update(tenantId, id, patch, reason, ifMatchGuard(ifMatch));
  if (!record) throw notFound();
  return toChannel(record);
}

/** One channel as the list shows it (no secret); another tenant's channel is not found. */
export async function getChannel(deps: Pick<ChannelDeps, 'channels'>, tenantId: string, id: string): Promise<Channel> {
  const record = await deps.channels.find(tenantId, id);
  if (!record) throw notFound();
  return toChannel(record);
}

export async function deleteChannel(
  deps: Pick<ChannelDeps, 'channels'>,
  tenantId: string,
  id: string,
  ifMatch?: string,
): Promise<void> {
  if (!(await deps.channels.delete(tenantId, id, ifMatchGuard(ifMatch)))) throw notFound();
}

/** If-Match judged on the row read under lock, so a change that landed since the client's read is never overwritten. */
function ifMatchGuard(ifMatch: string | undefined): ChannelPrecondition | undefined {
  return ifMatch === undefined ? undefined : (current) => assertChannelIfMatch(ifMatch, toChannel(current));
}

/** The channel's attempt log, newest first. The cursor is the id of the last attempt of the previous page. */
export async function listDeliveries(
  deps: Pick<ChannelDeps, 'channels' | 'deliveries'>,
  tenantId: string,
  id: string,
  query: DeliveryListQuery,
): Promise<DeliveryList> {
  if (!(await deps.channels.find(tenantId, id))) throw notFound();
  const before = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const { attempts, more } = await deps.deliveries.listAttempts(id, query.limit, before, query.outcome);
  const last = attempts[attempts.length - 1];
  return { deliveries: attempts, nextCursor: more && last ? Buffer.from(last.id).toString('base64url') : null };
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const unknownToken = () => new DomainError('not_found', 'This confirmation link is unknown, already used or expired');

/**
 * Opening the mailed link (GET) only checks it: mail scanners follow links, so a GET must never confirm. Unknown,
 * used and expired links look the same.
 */
export async function checkEmailConfirmation(
  deps: Pick<ChannelDeps, 'channels' | 'clock'>,
  token: string,
): Promise<void> {
  if (!TOKEN.test(token) || !(await deps.channels.hasPendingConfirmation(hashToken(token), deps.clock())))
    throw unknownToken();
}

/** Confirms an email channel (the landing page's POST): single use, expiring. */
export async function confirmEmail(
  deps: Pick<ChannelDeps, 'channels' | 'clock'>,
  token: string,
): Promise<{ channelId: string; confirmed: true }> {
  const record = TOKEN.test(token) ? await deps.channels.confirm(hashToken(token), deps.clock()) : null;
  if (!record) throw unknownToken();
  return { channelId: record.id, confirmed: true };
}

function decodeCursor(cursor: string): bigint {
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{1,19}$/.test(raw)) {
    throw new DomainError('validation_failed', 'cursor is not one this API returned', [
      { path: 'cursor', message: 'invalid cursor' },
    ]);
  }
  return BigInt(raw);
}
