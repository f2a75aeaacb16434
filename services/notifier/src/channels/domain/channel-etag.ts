import type { Channel } from '@waymark/contracts';
import { assertIfMatch, entityTagOf } from '@waymark/http';

/**
 * A channel's entity tag: the shared digest of its representation (docs/decisions.md, "One ETag scheme"), less the
 * one-time `signingSecret` of the create answer, so the tag of a create is the tag of the next read.
 */
export function channelEtag(channel: Channel): string {
  return entityTagOf(channel, ['signingSecret']);
}

/** 412 `precondition_failed` unless If-Match lists the channel's current tag or `*`. */
export function assertChannelIfMatch(ifMatch: string | undefined, current: Channel): void {
  assertIfMatch(ifMatch, channelEtag(current), 'channel');
}
