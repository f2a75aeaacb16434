export { createWaymarkClient, type WaymarkClient } from './waymark-client';
export { createApi, type WaymarkApi, type WaymarkClientOptions } from './client';
export { retryingFetch, IDEMPOTENCY_KEY_HEADER, type RetryOptions } from './retrying-fetch';
export { paginate, LIST_ITEMS, type ListPath, type ListItem, type ListParams } from './pagination';
export { gs1Exports, Gs1ExportError, type Gs1Exports, type Gs1Export, type WaitOptions } from './gs1-exports';
export {
  verifyWebhook,
  WebhookVerificationError,
  WebhookReplayError,
  type VerifyWebhookOptions,
  type WaymarkEvent,
} from './webhooks';
export { InMemoryReplayGuard, type ReplayGuard } from './replay-guard';
export { WaymarkApiError } from './api-error';
export type { paths, components, operations } from './generated/api';
