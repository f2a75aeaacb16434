/** What the click publisher thread is started with. */
export interface PublisherWorkerData {
  readonly brokers: string[];
  readonly clientId: string;
  /** The main thread logger's level and bindings, so the thread's lines read like the service's own. */
  readonly logLevel: string;
  readonly logBindings: Record<string, unknown>;
}

/** One batch of clicks.v1 records, packed as ClickBatch packs them; answered by a PublishReply with the same id. */
export interface PublishRequest {
  readonly type: 'publish';
  readonly id: number;
  readonly packed: ArrayBuffer;
}

/** Flush what is in flight, disconnect the producer and end the thread. */
export interface CloseRequest {
  readonly type: 'close';
}

export type PublisherRequest = PublishRequest | CloseRequest;

/** Kafka acknowledged the batch, or the reason it did not (the error's message: errors do not cross threads whole). */
export type PublishReply =
  { readonly id: number; readonly ok: true } | { readonly id: number; readonly ok: false; readonly error: string };
