import { parse } from 'csv-parse/sync';
import { MANIFEST_COLUMNS } from '../../src/artwork/domain/zip/manifest';
import { newRecord, renderZip, text, type RenderedZip } from './export-fixture';
import { decodeImage, ghostscriptPng, scratchDir } from './print-tools';

jest.setTimeout(120_000);

const dir = scratchDir();
afterAll(() => dir.remove());

const records = [
  newRecord({ batch: 'A(1)/B', code: '01/09506000134352/10/A(1)%2FB' }),
  newRecord({ serial: 'S-42', expiry: '261231' }),
  newRecord({ gtin14: '19506000134359' }),
];
const base = (i: number) => records[i]!.code.replace(/\//g, '_');
let zip: RenderedZip;

beforeAll(async () => {
  zip = await renderZip(records, { symbologies: ['qr', 'dm'], ean13: true, formats: ['svg', 'pdf'], raster: 'png600' });
});

/** What each symbol must carry, keyed by file suffix. */
function expectations(i: number) {
  const r = records[i]!;
  const hri = `(01)${r.gtin14}${r.expiry ? `(17)${r.expiry}` : ''}${r.batch ? `(10)${r.batch}` : ''}${r.serial ? `(21)${r.serial}` : ''}`;
  return [
    { suffix: '', format: 'QRCode', id: ']Q1', text: `https://${r.domain}/${r.code}` },
    { suffix: '.dm', format: 'DataMatrix', id: ']d2', text: hri },
    ...(r.gtin14.startsWith('0') ? [{ suffix: '.ean13', format: 'EAN13', id: ']E0', text: r.gtin14.slice(1) }] : []),
  ];
}

describe('every symbol of an export scans back to what it must carry', () => {
  it.each([0, 1, 2])('record %i: the printed PDF decodes (Ghostscript at 600 dpi, then zxing-cpp)', async (i) => {
    for (const e of expectations(i)) {
      const name = `${base(i)}${e.suffix}.pdf`;
      const file = dir.write(name, zip.entries[name]!);
      const [result] = await decodeImage(await ghostscriptPng(file, 600, dir.path(`${name}.png`)));
      expect({ name, format: result?.format, id: result?.symbologyIdentifier, text: result?.text }).toEqual({
        name,
        format: e.format,
        id: e.id,
        text: e.text,
      });
    }
  });

  it.each([0, 1, 2])('record %i: the PNG raster copy decodes and declares 600 dpi', async (i) => {
    for (const e of expectations(i)) {
      const png = zip.entries[`${base(i)}${e.suffix}.png`]!;
      const [result] = await decodeImage(png);
      expect([result?.format, result?.symbologyIdentifier, result?.text]).toEqual([e.format, e.id, e.text]);
      const at = Buffer.from(png).indexOf('pHYs');
      expect(Buffer.from(png).readUInt32BE(at + 4)).toBe(Math.round(600 / 0.0254));
      expect(png[25]).toBe(0); // IHDR colour type 0: greyscale, never RGB
    }
  });
});

describe('zip layout and manifest', () => {
  it('names files after the code path, DataMatrix as .dm and EAN-13 as .ean13, with manifest and README', () => {
    expect(Object.keys(zip.entries)).toEqual(
      expect.arrayContaining([
        `${base(0)}.pdf`,
        `${base(0)}.svg`,
        `${base(0)}.dm.pdf`,
        `${base(0)}.ean13.svg`,
        'manifest.csv',
        'README.txt',
      ]),
    );
    expect(Object.keys(zip.entries).filter((n) => n.startsWith(base(2)) && n.includes('.ean13'))).toEqual([]);
    expect(text(zip.entries['README.txt'])).toContain('100 % K only');
  });

  it('writes one manifest row per code with real sizes, files and the GTIN without an EAN-13 form flagged', () => {
    const rows = parse(text(zip.entries['manifest.csv']), { columns: true }) as Array<
      Record<(typeof MANIFEST_COLUMNS)[number], string>
    >;
    expect(Object.keys(rows[0]!)).toEqual([...MANIFEST_COLUMNS]);
    expect(rows.map((r) => r.code)).toEqual(records.map((r) => r.code));
    expect(rows[0]!.size_mm).toMatch(/^qr=25\.000x25\.000;dm=25\.000x25\.000;ean13=25\.000x/);
    expect(rows[0]!.files.split(';')).toContain(`${base(0)}.dm.png`);
    expect(rows[2]!.checks).toContain('GTIN 19506000134359 has no EAN-13 form');
    expect(rows.every((r) => !r.checks.includes('preflight'))).toBe(true);
    expect(zip.result).toMatchObject({ count: 3, codesWithChecks: 3 });
  });

  it('reports progress after every code', () => {
    expect(zip.progress).toEqual([1, 2, 3].map((done) => ({ done, total: 3 })));
  });
});
