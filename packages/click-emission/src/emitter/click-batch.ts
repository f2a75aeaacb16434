import type { ClickVisit, EncodedClick } from '../click-visit';
import { clickRecordBound, writeClickJson, writeClickKey, writeEventId } from '../encoding/click-fact-writer';

/** One record of a batch as its bytes: views into the batch, valid as long as the batch's buffer is. */
export interface ClickRecordBytes {
  readonly key: Buffer;
  readonly eventId: Buffer;
  readonly json: Buffer;
  /** The visit's W3C traceparent (ASCII), empty when the visit was not traced. */
  readonly traceParent: Buffer;
}

const HEADER = 16;
/** A traceparent is 55 ASCII characters; room for a longer future version. */
const TRACE_PARENT_ROOM = 64;
const INITIAL_CAPACITY = 64 * 1024;

/**
 * Click records packed as UTF-8 bytes the moment they are recorded: per record four little-endian u32 lengths
 * (key, eventId, json, traceparent), then the four texts (the traceparent empty when the visit was not traced).
 *
 * Why bytes and not the EncodedClick objects: a visit's click text (some 700 bytes) queued as a string survives the
 * young-generation collections until its batch is sent, so the collector copies it, and handing a batch of strings
 * to the producer thread flattens and clones each one, on the event loop. A visit's event is written into this
 * buffer directly (appendVisit), and the batch crosses to the thread as one copied ArrayBuffer, whose records the
 * thread hands kafkajs as Buffers without encoding them again.
 * The emitter's batches are written into buffers used again from batch to batch (ClickBatchBuffers, release()).
 */
export class ClickBatch {
  private bytes: Buffer;
  private used = 0;
  private count = 0;
  private released = false;

  /** A buffer to write into (one of ClickBatchBuffers', to be given back through release()), or a capacity to allocate. */
  constructor(bytesOrCapacity: Buffer | number = INITIAL_CAPACITY) {
    this.bytes = typeof bytesOrCapacity === 'number' ? Buffer.allocUnsafeSlow(bytesOrCapacity) : bytesOrCapacity;
  }

  static of(clicks: readonly EncodedClick[]): ClickBatch {
    const batch = new ClickBatch();
    for (const click of clicks) batch.append(click);
    return batch;
  }

  get length(): number {
    return this.count;
  }

  /** Bytes of the records so far, as packed (their texts and lengths). */
  get size(): number {
    return this.used;
  }

  /** A click event already made (one read back from the spool, to publish again). */
  append(click: EncodedClick): void {
    // Three bytes per UTF-16 unit is the most UTF-8 can need, so `write` below never truncates.
    const traceParent = click.traceParent ?? '';
    this.reserve(HEADER + 3 * (click.key.length + click.eventId.length + click.json.length + traceParent.length));
    const bytes = this.bytes;
    const start = this.used;
    let at = start + HEADER;
    const keyBytes = bytes.write(click.key, at, 'utf8');
    at += keyBytes;
    const eventIdBytes = bytes.write(click.eventId, at, 'utf8');
    at += eventIdBytes;
    const jsonBytes = bytes.write(click.json, at, 'utf8');
    at += jsonBytes;
    const traceParentBytes = bytes.write(traceParent, at, 'latin1');
    bytes.writeUInt32LE(keyBytes, start);
    bytes.writeUInt32LE(eventIdBytes, start + 4);
    bytes.writeUInt32LE(jsonBytes, start + 8);
    bytes.writeUInt32LE(traceParentBytes, start + 12);
    this.used = at + traceParentBytes;
    this.count += 1;
  }

  /**
   * A counted visit's click event, its texts written here at once (click-record-writer.ts), never built as strings:
   * nothing of the event is left on the event loop's heap.
   */
  appendVisit(visit: ClickVisit): void {
    const traceParent = visit.request.traceParent;
    this.reserve(HEADER + clickRecordBound(visit) + (traceParent === undefined ? 0 : TRACE_PARENT_ROOM));
    const bytes = this.bytes;
    const start = this.used;
    const keyEnd = writeClickKey(bytes, start + HEADER, visit.entry);
    const eventIdEnd = writeEventId(bytes, keyEnd, visit.request.nowMs);
    const jsonEnd = writeClickJson(bytes, eventIdEnd, visit, keyEnd);
    const traceParentBytes =
      traceParent === undefined ? 0 : bytes.write(traceParent, jsonEnd, TRACE_PARENT_ROOM, 'latin1');
    const end = jsonEnd + traceParentBytes;
    bytes.writeUInt32LE(keyEnd - start - HEADER, start);
    bytes.writeUInt32LE(eventIdEnd - keyEnd, start + 4);
    bytes.writeUInt32LE(jsonEnd - eventIdEnd, start + 8);
    bytes.writeUInt32LE(end - jsonEnd, start + 12);
    this.used = end;
    this.count += 1;
  }

  /** A copy of the packed records, for posting to the producer thread (read there with ClickBatch.records). */
  packed(): ArrayBuffer {
    this.checkNotReleased();
    return (this.bytes.buffer as ArrayBuffer).slice(this.bytes.byteOffset, this.bytes.byteOffset + this.used);
  }

  /** The records as text again (to spool them, or to publish them through an EventBus). */
  clicks(): EncodedClick[] {
    this.checkNotReleased();
    return ClickBatch.records(this.bytes.subarray(0, this.used)).map((record) => ({
      key: record.key.toString('utf8'),
      eventId: record.eventId.toString('utf8'),
      json: record.json.toString('utf8'),
      ...(record.traceParent.length > 0 ? { traceParent: record.traceParent.toString('latin1') } : {}),
    }));
  }

  /** The records of packed bytes (see packed()); throws on bytes that are not whole records. */
  static records(packed: Uint8Array): ClickRecordBytes[] {
    const bytes = Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
    const records: ClickRecordBytes[] = [];
    let at = 0;
    while (at < bytes.length) {
      if (at + HEADER > bytes.length) throw new Error(`click batch cut short at byte ${at} of ${bytes.length}`);
      const keyEnd = at + HEADER + bytes.readUInt32LE(at);
      const eventIdEnd = keyEnd + bytes.readUInt32LE(at + 4);
      const jsonEnd = eventIdEnd + bytes.readUInt32LE(at + 8);
      const end = jsonEnd + bytes.readUInt32LE(at + 12);
      if (end > bytes.length) throw new Error(`click batch cut short at byte ${at} of ${bytes.length}`);
      records.push({
        key: bytes.subarray(at + HEADER, keyEnd),
        eventId: bytes.subarray(keyEnd, eventIdEnd),
        json: bytes.subarray(eventIdEnd, jsonEnd),
        traceParent: bytes.subarray(jsonEnd, end),
      });
      at = end;
    }
    return records;
  }

  /**
   * Hands the batch's buffer back (to be used by another batch) once nothing will read this one again: after Kafka
   * acknowledged it (the producer thread has its own copy, see packed()) or after its events were spooled as text.
   * The batch refuses every use afterwards, so a stray reader fails loudly instead of reading another batch's bytes.
   */
  release(): Buffer {
    this.checkNotReleased();
    this.released = true;
    return this.bytes;
  }

  private checkNotReleased(): void {
    if (this.released) throw new Error('click batch used after its buffer was released');
  }

  /** Room for `size` more bytes. */
  private reserve(size: number): void {
    this.checkNotReleased();
    if (this.used + size <= this.bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(2 * this.bytes.length, this.used + size));
    this.bytes.copy(grown, 0, 0, this.used);
    this.bytes = grown;
  }
}
