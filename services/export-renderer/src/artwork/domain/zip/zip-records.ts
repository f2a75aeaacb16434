import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Zip entries in their final local-record form (APPNOTE 4.3.7: local file header, then the data), built where a file
 * is rendered, so a worker thread deflates and checksums its own files and the thread that writes the zip only copies
 * bytes. Local headers hold no offsets, so a blob can be placed anywhere in the archive.
 */
export interface ZipRecordEntry {
  readonly name: string;
  readonly crc: number;
  readonly size: number;
  readonly compressedSize: number;
  /** 0 stored, 8 deflated. */
  readonly method: number;
  /** DOS time and date (local time, as zip tools show it). */
  readonly dosTime: number;
  readonly dosDate: number;
  /** Where the entry's local header starts in the blob. */
  readonly offset: number;
}

export interface ZipRecords {
  /** Local headers and data of every entry, back to back; owns its ArrayBuffer, so it can be transferred. */
  readonly blob: Uint8Array;
  readonly entries: readonly ZipRecordEntry[];
}

export interface ZipInputFile {
  readonly name: string;
  readonly data: Uint8Array;
  /** Content that is compressed already (PDF streams, PNG) is stored: deflating it again costs CPU and saves nothing. */
  readonly precompressed?: boolean;
}

/** Level 1: SVG and EPS text compress nearly as well as at 6, at a fraction of the CPU. */
const LEVEL = 1;
/** Bit 11: names are UTF-8. */
export const ZIP_FLAGS = 0x0800;
const MAX_32 = 0xffffffff;

export function dosDateTime(date: Date): { dosTime: number; dosDate: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    dosTime: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    dosDate: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

export function zipRecords(files: readonly ZipInputFile[], date: Date): ZipRecords {
  const { dosTime, dosDate } = dosDateTime(date);
  const parts: { name: Buffer; data: Uint8Array; entry: Omit<ZipRecordEntry, 'offset'> }[] = [];
  let total = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    let data = f.data;
    let method = 0;
    if (!f.precompressed && f.data.length > 0) {
      const deflated = deflateRawSync(f.data, { level: LEVEL });
      if (deflated.length < f.data.length) [data, method] = [deflated, 8];
    }
    if (f.data.length >= MAX_32 || data.length >= MAX_32) throw new Error(`zip entry ${f.name} is too large`);
    const entry = {
      name: f.name,
      crc: crc32(f.data),
      size: f.data.length,
      compressedSize: data.length,
      method,
      dosTime,
      dosDate,
    };
    parts.push({ name, data, entry });
    total += 30 + name.length + data.length;
  }
  const blob = new Uint8Array(total);
  const view = new DataView(blob.buffer);
  const entries: ZipRecordEntry[] = [];
  let at = 0;
  for (const { name, data, entry } of parts) {
    entries.push({ ...entry, offset: at });
    view.setUint32(at, 0x04034b50, true);
    view.setUint16(at + 4, 20, true); // version needed: 2.0 (deflate)
    view.setUint16(at + 6, ZIP_FLAGS, true);
    view.setUint16(at + 8, entry.method, true);
    view.setUint16(at + 10, dosTime, true);
    view.setUint16(at + 12, dosDate, true);
    view.setUint32(at + 14, entry.crc, true);
    view.setUint32(at + 18, entry.compressedSize, true);
    view.setUint32(at + 22, entry.size, true);
    view.setUint16(at + 26, name.length, true);
    view.setUint16(at + 28, 0, true);
    blob.set(name, at + 30);
    blob.set(data, at + 30 + name.length);
    at += 30 + name.length + data.length;
  }
  return { blob, entries };
}
