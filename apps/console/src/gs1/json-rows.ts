import { JSONParser } from '@streamparser/json';
import { ImportFileError, type ImportRow } from './import-row';

const asRow = (value: unknown, line: number, position: number): ImportRow =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? { line, record: value as Record<string, unknown>, position }
    : { line, problem: 'not a JSON object', position };

/**
 * A JSON array of records (as POST /v1/gs1/links/bulk takes them) or JSON Lines, parsed as the file streams in
 * (@streamparser/json), so only the records of the chunk being read are in memory. `line` is the record's number.
 */
export async function* readJsonRows(file: File, jsonLines: boolean): AsyncGenerator<ImportRow> {
  const parser = new JSONParser(jsonLines ? { paths: ['$'], separator: '' } : { paths: ['$.*'], keepStack: false });
  const parsed: unknown[] = [];
  parser.onValue = ({ value }) => void parsed.push(value);
  const reader = file.stream().getReader();
  let bytes = 0;
  let count = 0;
  let first = true;
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      const opening = first ? new TextDecoder().decode(chunk.value.slice(0, 64)) : '';
      if (first && !jsonLines && !/^\s*\[/.test(opening)) {
        throw new Error('a JSON import file holds an array of records');
      }
      first = false;
      bytes += chunk.value.byteLength;
      parser.write(chunk.value);
      for (const value of parsed.splice(0)) yield asRow(value, ++count, bytes / Math.max(1, file.size));
    }
    if (!parser.isEnded) parser.end();
    for (const value of parsed.splice(0)) yield asRow(value, ++count, 1);
  } catch (error) {
    throw new ImportFileError(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    reader.releaseLock();
  }
}
