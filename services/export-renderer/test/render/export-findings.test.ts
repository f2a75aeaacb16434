import { parse } from 'csv-parse/sync';
import { newRecord, renderZip, text } from './export-fixture';

jest.setTimeout(60_000);

describe('findings never abort an export', () => {
  it('reports a record whose data cannot be encoded in checks and renders the others', async () => {
    const good = newRecord({ batch: 'OK1' });
    const bad = newRecord({ batch: 'BAD1', expiry: '261399' });
    const zip = await renderZip([bad, good], { symbologies: ['qr', 'dm'], formats: ['svg'] });
    const rows = parse(text(zip.entries['manifest.csv']), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.code)).toEqual([bad.code, good.code]);
    expect(rows[0]!.checks).toMatch(/^cannot encode: /);
    expect(rows[0]!.files).toBe('');
    expect(rows[1]?.files?.split(';')).toEqual([
      `${good.code.replace(/\//g, '_')}.svg`,
      `${good.code.replace(/\//g, '_')}.dm.svg`,
    ]);
    expect(zip.result.count).toBe(2);
  });

  it('flags artwork that does not fit an Avery L7160 label instead of shrinking it', async () => {
    const zip = await renderZip([newRecord()], { sizeMm: 40, sheet: 'avery-l7160' });
    expect(text(zip.entries['manifest.csv'])).toMatch(/qr: sheet avery-l7160: artwork 40\.00 x [\d.]+ mm does not fit/);
  });
});
