import { formatOfFile, rowErrorsOf, smallerBatchSize, takeBatch, type BatchRow } from './gs1-import-batches';

const rows: BatchRow[] = [
  { line: 2, record: { gtin: '09506000134352' } },
  { line: 3, problem: 'unknown column' },
  { line: 4, record: { gtin: '09506000134369' } },
  { line: 5, record: { gtin: '09506000134376' } },
];

describe('GS1 import batches', () => {
  it('takes the leading rows holding at most the batch size of records, unreadable rows riding along', () => {
    expect(takeBatch(rows, 2).map((row) => row.line)).toEqual([2, 3, 4]);
    expect(takeBatch(rows, 10).map((row) => row.line)).toEqual([2, 3, 4, 5]);
  });

  it('shrinks to the row cap the API names when smaller, else halves', () => {
    expect(smallerBatchSize(500, 100)).toBe(100);
    expect(smallerBatchSize(100, 500)).toBe(50);
    expect(smallerBatchSize(500, undefined)).toBe(250);
    expect(smallerBatchSize(1, undefined)).toBe(0);
  });

  it('reports unreadable rows and the rows the API failed by their line, results indexing the records sent', () => {
    const results = [
      { row: 0, status: 'created', gtin: '09506000134352', code: 'a', error: null },
      { row: 1, status: 'failed', gtin: null, code: null, errorCode: 'invalid_gtin', error: 'bad check digit' },
      { row: 2, status: 'created', gtin: '09506000134376', code: 'b', error: null },
    ];
    expect(rowErrorsOf(rows, results)).toEqual([
      { line: 3, gtin: '', code: '', errorCode: 'unreadable_row', error: 'unknown column' },
      { line: 4, gtin: '09506000134369', code: '', errorCode: 'invalid_gtin', error: 'bad check digit' },
    ]);
  });

  it('tells the format from the file name', () => {
    expect(['a.CSV', 'b.json', 'c.ndjson', 'd.txt'].map(formatOfFile)).toEqual(['csv', 'json', 'jsonl', undefined]);
  });
});
