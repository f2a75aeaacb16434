import type { Writable } from 'node:stream';
import { ZIP_FLAGS, type ZipRecordEntry, type ZipRecords } from './zip-records';

const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;
/** Central directory records are written in batches of about this many bytes. */
const BATCH = 256 * 1024;

/**
 * Streams a zip into `output` from entries already in local-record form (zip-records.ts): the records are copied
 * through as they come, and the central directory goes at the end, in ZIP64 form when the archive needs it (more
 * than 65535 entries, or offsets past 4 GiB). write() waits for `output` to drain, so a slow consumer (an
 * object-store upload) slows rendering down instead of buffering the export in memory.
 */
export class ZipWriter {
  private readonly central: { entry: ZipRecordEntry; name: Buffer; offset: number }[] = [];
  private offset = 0;
  private failure: unknown;
  private finished = false;
  private readonly ended: Promise<void>;

  constructor(private readonly output: Writable) {
    this.ended = new Promise<void>((resolve, reject) => {
      output.once('finish', () => {
        this.finished = true;
        resolve();
      });
      output.once('error', (err) => {
        this.failure ??= err;
        reject(err);
      });
      output.once('close', () => {
        if (!this.finished) this.failure ??= new Error('zip output closed before the zip was complete');
        resolve();
      });
    });
    this.ended.catch(() => undefined); // surfaced by write() and finish()
  }

  async write(records: ZipRecords): Promise<void> {
    for (const entry of records.entries) {
      this.central.push({ entry, name: Buffer.from(entry.name, 'utf8'), offset: this.offset + entry.offset });
    }
    await this.push(records.blob);
  }

  /** Writes the central directory, ends `output` and waits until it has taken every byte; returns the zip's size. */
  async finish(): Promise<number> {
    const cdStart = this.offset;
    const zip64Offsets = this.central.some((c) => c.offset >= MAX_32);
    let batch: Buffer[] = [];
    let batchBytes = 0;
    for (const c of this.central) {
      const record = centralRecord(c.entry, c.name, c.offset);
      batch.push(record);
      batchBytes += record.length;
      if (batchBytes >= BATCH) {
        await this.push(Buffer.concat(batch));
        [batch, batchBytes] = [[], 0];
      }
    }
    const cdSize = this.offset + batchBytes - cdStart;
    const count = this.central.length;
    if (zip64Offsets || count > MAX_16 || cdStart + cdSize >= MAX_32)
      batch.push(zip64End(count, cdSize, cdStart, cdStart + cdSize));
    batch.push(endOfCentralDirectory(count, cdSize, cdStart));
    await this.push(Buffer.concat(batch));
    this.output.end();
    await this.ended;
    if (this.failure) throw this.failure;
    return this.offset;
  }

  abort(error: Error): void {
    this.failure ??= error;
    this.output.destroy(error);
  }

  private async push(chunk: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    this.offset += chunk.length;
    if (!this.output.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          this.output.off('drain', done);
          this.output.off('close', done);
          resolve();
        };
        this.output.on('drain', done);
        this.output.on('close', done);
      });
    }
    if (this.failure) throw this.failure;
  }
}

/** Central directory file header (APPNOTE 4.3.12), with a ZIP64 extra field when the offset needs it. */
function centralRecord(e: ZipRecordEntry, name: Buffer, offset: number): Buffer {
  const zip64 = offset >= MAX_32;
  const extra = zip64 ? 12 : 0;
  const b = Buffer.alloc(46 + name.length + extra);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE((3 << 8) | 45, 4); // made by: Unix, spec 4.5
  b.writeUInt16LE(zip64 ? 45 : 20, 6);
  b.writeUInt16LE(ZIP_FLAGS, 8);
  b.writeUInt16LE(e.method, 10);
  b.writeUInt16LE(e.dosTime, 12);
  b.writeUInt16LE(e.dosDate, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(e.compressedSize, 20);
  b.writeUInt32LE(e.size, 24);
  b.writeUInt16LE(name.length, 28);
  b.writeUInt16LE(extra, 30);
  // comment length, disk number start, internal attributes: 0
  b.writeUInt32LE((0o100644 << 16) >>> 0, 38); // external attributes: a regular file, rw-r--r--
  b.writeUInt32LE(zip64 ? MAX_32 : offset, 42);
  name.copy(b, 46);
  if (zip64) {
    b.writeUInt16LE(0x0001, 46 + name.length);
    b.writeUInt16LE(8, 48 + name.length);
    b.writeBigUInt64LE(BigInt(offset), 50 + name.length);
  }
  return b;
}

/** ZIP64 end of central directory record and its locator (APPNOTE 4.3.14, 4.3.15). */
function zip64End(count: number, cdSize: number, cdStart: number, recordOffset: number): Buffer {
  const b = Buffer.alloc(56 + 20);
  b.writeUInt32LE(0x06064b50, 0);
  b.writeBigUInt64LE(44n, 4);
  b.writeUInt16LE((3 << 8) | 45, 12);
  b.writeUInt16LE(45, 14);
  b.writeBigUInt64LE(BigInt(count), 24);
  b.writeBigUInt64LE(BigInt(count), 32);
  b.writeBigUInt64LE(BigInt(cdSize), 40);
  b.writeBigUInt64LE(BigInt(cdStart), 48);
  b.writeUInt32LE(0x07064b50, 56);
  b.writeBigUInt64LE(BigInt(recordOffset), 64);
  b.writeUInt32LE(1, 72);
  return b;
}

function endOfCentralDirectory(count: number, cdSize: number, cdStart: number): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(Math.min(count, MAX_16), 8);
  b.writeUInt16LE(Math.min(count, MAX_16), 10);
  b.writeUInt32LE(Math.min(cdSize, MAX_32), 12);
  b.writeUInt32LE(Math.min(cdStart, MAX_32), 16);
  return b;
}
