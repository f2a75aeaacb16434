export type { ClickContext, ClickedLink, ClickRequest, ClickVisit, EncodedClick } from './click-visit';
export { encodeClickFact } from './click-visit';
export type { ClickPublisher } from './emitter/click-publisher';
export { ClickBatch, type ClickRecordBytes } from './emitter/click-batch';
export { ClickEmitter, type ClickEmitterOptions } from './emitter/click-emitter';
export { ClickSpool, type SpoolChunk } from './spool/click-spool';
export { busClickPublisher } from './publisher/bus-click-publisher';
export { ThreadedClickPublisher, type ThreadedClickPublisherOptions } from './publisher/threaded-click-publisher';
export {
  openClickPublisher,
  type ClickPublisherConfig,
  type OpenedClickPublisher,
} from './publisher/open-click-publisher';
export { startClickPublisherThread } from './publisher/click-publisher-thread';
export type { PublisherWorkerData } from './publisher/click-publisher-protocol';
