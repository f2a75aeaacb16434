import type { EncodedClick } from '../app/click-record';

/** One record of a batch as its bytes: views into the batch, valid as long as the batch's buffer is. */
export interface ClickRecordBytes {
  readonly key: Buffer;
  readonly eventId: Buffer;
  readonly json: Buffer;
}

const HEADER = 12;
const INITIAL_CAPACITY = 64 * 1024;

/**
 * Click records packed as UTF-8 bytes the moment they are recorded: per record three little-endian u32 lengths
 * (key, eventId, json), then the three texts.
 *
 * Why bytes and not the EncodedClick objects: a visit's click text (some 700 bytes, built by concatenation) queued
 * as a string survives the young-generation collections until its batch is sent, so the collector copies it, and
 * handing a batch of strings to the producer thread flattens and clones each one (about 3 µs a visit on the event
 * loop in a profile of bench:redirector). Written into this buffer at once, the string dies young, and the batch
 * crosses to the thread as one copied ArrayBuffer, whose records the thread hands kafkajs as Buffers without
 * encoding them again.
 */
export class ClickBatch {
  private bytes: Buffer;
  private used = 0;
  private count = 0;

  constructor(capacity = INITIAL_CAPACITY) {
    this.bytes = Buffer.allocUnsafeSlow(capacity);
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

  append(click: EncodedClick): void {
    // Three bytes per UTF-16 unit is the most UTF-8 can need, so `write` below never truncates.
    const bound = HEADER + 3 * (click.key.length + click.eventId.length + click.json.length);
    if (this.used + bound > this.bytes.length) this.grow(bound);
    const bytes = this.bytes;
    const start = this.used;
    let at = start + HEADER;
    const keyBytes = bytes.write(click.key, at, 'utf8');
    at += keyBytes;
    const eventIdBytes = bytes.write(click.eventId, at, 'utf8');
    at += eventIdBytes;
    const jsonBytes = bytes.write(click.json, at, 'utf8');
    bytes.writeUInt32LE(keyBytes, start);
    bytes.writeUInt32LE(eventIdBytes, start + 4);
    bytes.writeUInt32LE(jsonBytes, start + 8);
    this.used = at + jsonBytes;
    this.count += 1;
  }

  /** A copy of the packed records, for posting to the producer thread (read there with ClickBatch.records). */
  packed(): ArrayBuffer {
    return (this.bytes.buffer as ArrayBuffer).slice(this.bytes.byteOffset, this.bytes.byteOffset + this.used);
  }

  /** The records as text again (to spool them, or to publish them through an EventBus). */
  clicks(): EncodedClick[] {
    return ClickBatch.records(this.bytes.subarray(0, this.used)).map((record) => ({
      key: record.key.toString('utf8'),
      eventId: record.eventId.toString('utf8'),
      json: record.json.toString('utf8'),
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
      if (jsonEnd > bytes.length) throw new Error(`click batch cut short at byte ${at} of ${bytes.length}`);
      records.push({ key: bytes.subarray(at + HEADER, keyEnd), eventId: bytes.subarray(keyEnd, eventIdEnd), json: bytes.subarray(eventIdEnd, jsonEnd) });
      at = jsonEnd;
    }
    return records;
  }

  private grow(atLeast: number): void {
    const grown = Buffer.allocUnsafeSlow(Math.max(2 * this.bytes.length, this.used + atLeast));
    this.bytes.copy(grown, 0, 0, this.used);
    this.bytes = grown;
  }
}
