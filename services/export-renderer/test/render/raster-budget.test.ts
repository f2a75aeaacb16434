import { parse } from 'csv-parse/sync';
import { EXPORT_BUDGET } from '@waymark/contracts';
import { newRecord, renderZip, text } from './export-fixture';

jest.setTimeout(60_000);

describe('the per-symbol raster budget in the renderer', () => {
  it('renders the raster copy of a symbol at the limit (the HRI beneath does not count)', async () => {
    const record = newRecord();
    const zip = await renderZip([record], { sizeMm: 211, raster: 'png600' });
    const png = zip.entries[`${record.code.replace(/\//g, '_')}.png`]!;
    expect(png).toBeDefined();
    expect(Buffer.from(png).readUInt32BE(16)).toBe(4984);
  });

  it('leaves out the raster copy of an xdim symbol that came out over the limit, with a finding, and renders the rest', async () => {
    // 6 mm modules pass the API's check (a version 1 QR would be 174 mm), but this URI needs a larger symbol.
    const record = newRecord();
    const zip = await renderZip([record], { sizeMode: 'xdim', xdimMm: 6, formats: ['svg'], raster: 'png600' });
    const [row] = parse(text(zip.entries['manifest.csv']), { columns: true }) as Array<Record<string, string>>;
    expect(row!.checks).toContain(`qr: no png600 copy`);
    expect(row!.checks).toContain(`over the limit of ${EXPORT_BUDGET.rasterPixelsPerSymbol} px per symbol`);
    expect(row!.files).toBe(`${record.code.replace(/\//g, '_')}.svg`);
  });
});
