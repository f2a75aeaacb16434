/*
 * The topic catalog. THESE NAMES ARE PERSISTED: topics, their keys and their value schemas are contracts
 * between services and data at rest in Kafka (compacted topics hold state forever). Do not rename a topic or
 * change a schema incompatibly without a migration plan: add a new versioned topic (`links.v2`), dual-write,
 * move consumers, then retire the old one.
 */
import type { TopicDef } from './topic';
import { ChannelState } from './events/channel-state';
import { ClickFact } from './events/click-fact';
import { ExportRequested, ExportStatusEvent } from './events/export-events';
import { IdentityState, identityKey } from './events/identity-state';
import { LinkActivity } from './events/link-activity';
import { LinkState, linkKey } from './events/link-state';

export const linksTopic: TopicDef<LinkState> = {
  name: 'links.v1',
  schema: LinkState,
  compacted: true,
  partitions: 12,
  keyOf: linkKey,
  producers: ['link-api', 'gs1-catalog'],
  consumers: ['redirector', 'analytics-ingest'],
  description: "Every link's full current state (plain and GS1), key <domain>/<code>; a null value deletes it.",
};

export const identityTopic: TopicDef<IdentityState> = {
  name: 'identity.v1',
  schema: IdentityState,
  compacted: true,
  partitions: 3,
  keyOf: identityKey,
  producers: ['link-api'],
  consumers: ['redirector', 'analytics-ingest', 'notifier', 'gs1-catalog'],
  description:
    'Tenants (plan, entitlements, domains, branding) and API key hashes with scopes; key tenant:<id> or key:<sha256>.',
};

export const channelsTopic: TopicDef<ChannelState> = {
  name: 'channels.v1',
  schema: ChannelState,
  compacted: true,
  partitions: 3,
  keyOf: (c) => c.id,
  producers: ['notifier'],
  consumers: ['link-api'],
  description: 'Notification channels (id, tenant, type, enabled, confirmed; never secrets); key channel id.',
};

export const clicksTopic: TopicDef<ClickFact> = {
  name: 'clicks.v1',
  schema: ClickFact,
  compacted: false,
  partitions: 12,
  keyOf: linkKey,
  producers: ['redirector'],
  consumers: ['analytics-ingest', 'notifier'],
  description: 'One event per counted click or scan; key <domain>/<code>.',
};

/**
 * The clicks.v1 header that says, without the value being read, whether a click names any notification channel:
 * `none` or `some` (CLICK_CHANNELS). Every redirector path that produces clicks sets it, so the notifier skips the
 * clicks it has nothing to do for before decoding them. A message without it (an older producer) says nothing and is
 * decoded. Persisted with the topic: do not rename.
 */
export const CLICK_CHANNELS_HEADER = 'notify-channels';
export const CLICK_CHANNELS = { none: 'none', some: 'some' } as const;

export const linkActivityTopic: TopicDef<LinkActivity> = {
  name: 'link-activity.v1',
  schema: LinkActivity,
  compacted: true,
  partitions: 12,
  keyOf: linkKey,
  producers: ['analytics-ingest'],
  consumers: ['link-api'],
  description:
    "A link's newest counted click (lastClickAt), at most once per link per publishing interval; key <domain>/<code>.",
};

export const exportsRequestedTopic: TopicDef<ExportRequested> = {
  name: 'exports.requested.v1',
  schema: ExportRequested,
  compacted: false,
  partitions: 6,
  keyOf: (e) => e.jobId,
  producers: ['gs1-catalog'],
  consumers: ['export-renderer'],
  description: 'Export jobs handed to the renderers; key jobId.',
};

export const exportsStatusTopic: TopicDef<ExportStatusEvent> = {
  name: 'exports.status.v1',
  schema: ExportStatusEvent,
  compacted: false,
  partitions: 6,
  keyOf: (e) => e.jobId,
  producers: ['export-renderer'],
  consumers: ['gs1-catalog'],
  description: 'Export progress and outcome; key jobId.',
};

/** Every topic by short name. */
export const TOPICS = {
  links: linksTopic,
  identity: identityTopic,
  channels: channelsTopic,
  clicks: clicksTopic,
  linkActivity: linkActivityTopic,
  exportsRequested: exportsRequestedTopic,
  exportsStatus: exportsStatusTopic,
} as const;

export type TopicName = keyof typeof TOPICS;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const ALL_TOPICS: ReadonlyArray<TopicDef<any>> = Object.values(TOPICS);
