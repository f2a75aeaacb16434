import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ClickFact, linkKey } from '@waymark/contracts';
import type { Logger } from '@waymark/logging';
import type { EncodedClick } from '../click-visit';

export interface SpoolChunk {
  readonly clicks: EncodedClick[];
  /** Marks the chunk as delivered: the next read starts after it. */
  commit(): Promise<void>;
}

const Cursor = z.object({ segment: z.number().int().min(0), offset: z.number().int().min(0) });
const SEGMENT = /^clicks-(\d{16})\.ndjson$/;
const READ_BYTES = 1 << 20;
const name = (seq: number) => `clicks-${String(seq).padStart(16, '0')}.ndjson`;

/**
 * An append-only local spool of click events for when Kafka cannot take them: newline-delimited JSON in
 * numbered segment files, and a cursor (segment, byte offset) of what was replayed. Appends go to the open
 * segment; reads only ever touch closed ones, so a reader and the writer never share a file. Bounded: beyond
 * `maxBytes` new events are dropped and counted (the bound protects the disk the node needs to keep serving).
 */
export class ClickSpool {
  private writes: Promise<void> = Promise.resolve();
  private dropped = 0;

  private constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly logger: Logger,
    private segments: number[],
    private active: number,
    private activeBytes: number,
    private pendingBytes: number,
    private cursor: { segment: number; offset: number },
  ) {}

  static async open(dir: string, maxBytes: number, logger: Logger): Promise<ClickSpool> {
    await fs.mkdir(dir, { recursive: true });
    const segments = (await fs.readdir(dir))
      .map((f) => SEGMENT.exec(f)?.[1])
      .filter((s): s is string => s !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const cursor = await readCursor(dir);
    let pending = 0;
    for (const seq of segments)
      pending += (await fs.stat(join(dir, name(seq)))).size - (seq === cursor.segment ? cursor.offset : 0);
    const active = (segments.at(-1) ?? 0) + 1;
    if (pending > 0)
      logger.info(
        { dir, bytes: pending, segments: segments.length },
        'click spool holds events from an earlier run; replaying',
      );
    return new ClickSpool(dir, maxBytes, logger, [...segments, active], active, 0, Math.max(0, pending), cursor);
  }

  /** Events not yet replayed, in bytes (appends still being written included). */
  get bytes(): number {
    return this.pendingBytes;
  }

  get droppedCount(): number {
    return this.dropped;
  }

  hasData(): boolean {
    return this.pendingBytes > 0;
  }

  /**
   * Appends in call order; resolves once the bytes are in the file. Sizes are counted in UTF-8 bytes, as the reads
   * and commits count them: a non-ASCII user agent must not make the spool look emptier than its files are.
   */
  append(clicks: readonly EncodedClick[]): Promise<void> {
    if (clicks.length === 0) return this.writes;
    const lines: string[] = [];
    let size = 0;
    for (const click of clicks) {
      const line = `${click.json}\n`;
      const bytes = Buffer.byteLength(line);
      if (this.pendingBytes + size + bytes > this.maxBytes) {
        this.dropped += 1;
        continue;
      }
      lines.push(line);
      size += bytes;
    }
    if (lines.length < clicks.length)
      this.logger.error(
        { dropped: clicks.length - lines.length, maxBytes: this.maxBytes },
        'click spool is full; events dropped',
      );
    if (size === 0) return this.writes;
    this.pendingBytes += size;
    const file = join(this.dir, name(this.active));
    this.activeBytes += size;
    this.writes = this.writes.then(() => fs.appendFile(file, lines.join('')));
    return this.writes;
  }

  /** Waits for every append made so far. */
  flushed(): Promise<void> {
    return this.writes;
  }

  /**
   * Up to `max` events from the oldest closed segment, of at most `maxBytes` of JSON lines together (but always
   * one at least), or null when nothing waits.
   */
  async read(max: number, maxBytes = READ_BYTES): Promise<SpoolChunk | null> {
    await this.writes;
    const oldest = this.segments[0];
    if (oldest === undefined || !this.hasData()) return null;
    if (oldest === this.active) {
      if (this.activeBytes === 0) return null;
      this.rotate();
    }
    const path = join(this.dir, name(oldest));
    const start = this.cursor.segment === oldest ? this.cursor.offset : 0;
    const { size } = await fs.stat(path);
    const buffer = Buffer.alloc(Math.min(READ_BYTES, size - start));
    const handle = await fs.open(path, 'r');
    try {
      await handle.read(buffer, 0, buffer.length, start);
    } finally {
      await handle.close();
    }
    const { clicks, consumed } = this.parse(buffer, max, maxBytes, start + buffer.length === size);
    const end = start + consumed;
    return { clicks, commit: () => this.commit(oldest, start, end, size) };
  }

  private rotate(): void {
    this.active += 1;
    this.activeBytes = 0;
    this.segments.push(this.active);
  }

  private parse(
    buffer: Buffer,
    max: number,
    maxBytes: number,
    atEnd: boolean,
  ): { clicks: EncodedClick[]; consumed: number } {
    const clicks: EncodedClick[] = [];
    let position = 0;
    while (clicks.length < max && position < buffer.length) {
      const newline = buffer.indexOf(10, position);
      // A line cut short by a crash mid-append can only be the last of a closed segment: skip it.
      if (newline < 0) return { clicks, consumed: atEnd ? buffer.length : position };
      if (clicks.length > 0 && newline + 1 > maxBytes) break;
      // The file is outside input like any other: a line is replayed (as it was written) only if the clicks.v1
      // schema accepts it.
      const line = buffer.toString('utf8', position, newline);
      const parsed = safeParse(line);
      if (parsed) clicks.push({ key: linkKey(parsed), eventId: parsed.eventId, json: line });
      else this.logger.warn({ bytes: newline - position }, 'skipped an unreadable line in the click spool');
      position = newline + 1;
    }
    return { clicks, consumed: position };
  }

  private async commit(segment: number, start: number, end: number, size: number): Promise<void> {
    this.pendingBytes = Math.max(0, this.pendingBytes - (end - start));
    if (end >= size) {
      await fs.rm(join(this.dir, name(segment)), { force: true });
      this.segments = this.segments.filter((s) => s !== segment);
      this.cursor = { segment: this.segments[0] ?? this.active, offset: 0 };
    } else {
      this.cursor = { segment, offset: end };
    }
    const tmp = join(this.dir, 'cursor.json.tmp');
    await fs.writeFile(tmp, JSON.stringify(this.cursor));
    await fs.rename(tmp, join(this.dir, 'cursor.json'));
  }
}

function safeParse(line: string): ClickFact | undefined {
  try {
    const result = ClickFact.safeParse(JSON.parse(line));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

async function readCursor(dir: string): Promise<{ segment: number; offset: number }> {
  try {
    const parsed = Cursor.safeParse(JSON.parse(await fs.readFile(join(dir, 'cursor.json'), 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // No cursor yet: nothing was replayed.
  }
  return { segment: 0, offset: 0 };
}
