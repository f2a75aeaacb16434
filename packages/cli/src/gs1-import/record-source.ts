import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { parser as jsonParser } from 'stream-json';
import { parser as jsonlParser } from 'stream-json/jsonl/Parser';
import { streamArray } from 'stream-json/streamers/StreamArray';
import { csvRowToRecord, mapCsvHeader } from '@waymark/csv';
import type { ImportFormat } from '@waymark/csv';
import type { ImportRow } from './import-row';

/** Counts the bytes flowing through, so rows can report how far into the file they are. */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

/**
 * Streams the rows of an import file without holding it in memory: CSV with a header row, a JSON array of records,
 * or JSON Lines. Malformed syntax that makes the rest of the file unreadable (an unclosed quote, broken JSON) throws;
 * a row that is readable but not a record is yielded with its problem.
 */
export async function* readImportRows(file: string, format: ImportFormat): AsyncGenerator<ImportRow> {
  const counter = new ByteCounter();
  const input = createReadStream(file).pipe(counter);
  try {
    if (format === 'csv') yield* csvRows(input, counter);
    else
      yield* jsonRows(
        format === 'json' ? input.pipe(jsonParser()).pipe(streamArray()) : input.pipe(jsonlParser()),
        counter,
      );
  } catch (error) {
    throw new InputFileError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The input file cannot be read on from some point (broken syntax, unknown column): a usage error, not the API's. */
export class InputFileError extends Error {
  override name = 'InputFileError';
}

async function* csvRows(input: NodeJS.ReadableStream, counter: ByteCounter): AsyncGenerator<ImportRow> {
  const rows = input.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true }));
  let mapping: ReturnType<typeof mapCsvHeader> | undefined;
  let index = 0;
  for await (const { record, info } of rows as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (mapping === undefined) {
      mapping = mapCsvHeader(record);
      continue;
    }
    const mapped = csvRowToRecord(mapping, record);
    yield { index: index++, line: info.lines, bytesRead: counter.bytes, ...mapped };
  }
}

async function* jsonRows(elements: NodeJS.ReadableStream, counter: ByteCounter): AsyncGenerator<ImportRow> {
  let index = 0;
  for await (const { value } of elements as AsyncIterable<{ key: number; value: unknown }>) {
    const row = { index, line: index + 1, bytesRead: counter.bytes };
    index += 1;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      yield { ...row, record: value as Record<string, unknown> };
    } else {
      yield { ...row, problem: 'not a JSON object' };
    }
  }
}
