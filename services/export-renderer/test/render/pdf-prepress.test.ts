import { readFileSync } from 'node:fs';
import { newRecord, renderZip, text } from './export-fixture';
import { inkCoverage, qpdfCheck, qpdfJson, qpdfText, scratchDir } from './print-tools';

jest.setTimeout(120_000);

const dir = scratchDir();
afterAll(() => dir.remove());

const MM = 72 / 25.4;
const record = newRecord({ batch: 'PRESS1' });
const base = record.code.replace(/\//g, '_');

/** Boxes of page 1 in points, from qpdf's JSON view of the file. */
async function boxes(file: string): Promise<Record<'MediaBox' | 'TrimBox' | 'BleedBox', number[]>> {
  const json = await qpdfJson(file);
  const objects = json.qpdf[1] as Record<string, { value?: Record<string, number[]> }>;
  const page = objects[`obj:${json.pages[0]!.object}`]!.value!;
  return { MediaBox: page['/MediaBox']!, TrimBox: page['/TrimBox']!, BleedBox: page['/BleedBox']! };
}

describe('PDF artwork is print-ready', () => {
  const options = {
    symbologies: ['qr', 'dm'],
    ean13: true,
    formats: ['pdf', 'ai'],
    sheet: 'a4',
    bleedMm: 3,
    marks: true,
    iccIntent: 'FOGRA39',
  };
  let files: Record<string, string>;

  beforeAll(async () => {
    const zip = await renderZip([record], options);
    files = Object.fromEntries(
      [`${base}.pdf`, `${base}.dm.pdf`, `${base}.ean13.pdf`, `${base}.ai`, 'sheet-a4.pdf'].map((n) => [
        n,
        dir.write(n, zip.entries[n]!),
      ]),
    );
  });

  it('puts ink on the K plate only, marks included (Ghostscript inkcov)', async () => {
    for (const file of Object.values(files)) {
      for (const [c, m, y, k] of await inkCoverage(file)) {
        expect([c, m, y]).toEqual([0, 0, 0]);
        expect(k).toBeGreaterThan(0);
      }
    }
  });

  it('passes qpdf --check', async () => {
    for (const file of Object.values(files))
      expect(await qpdfCheck(file)).toContain('No syntax or stream encoding errors');
  });

  it('overprints through an ExtGState with OP, op and OPM 1, and fills in DeviceCMYK 0 0 0 1', async () => {
    const pdf = await qpdfText(files[`${base}.pdf`]!, dir.path('qdf.pdf'));
    expect(pdf).toMatch(/\/OP true/);
    expect(pdf).toMatch(/\/op true/);
    expect(pdf).toMatch(/\/OPM 1/);
    expect(pdf).toContain('/GSop gs');
    expect(pdf).toContain('/DeviceCMYK cs\n0 0 0 1 scn');
    expect(pdf).not.toMatch(/\b(rg|RG|g|G)\n/);
  });

  it('declares the print condition as a GTS_PDFX output intent', async () => {
    const pdf = await qpdfText(files[`${base}.pdf`]!, dir.path('intent.pdf'));
    expect(pdf).toMatch(/\/S \/GTS_PDFX/);
    expect(pdf).toMatch(/\/OutputConditionIdentifier \(FOGRA39\)/);
  });

  it('sets TrimBox to the artwork and BleedBox 3 mm beyond it, with room for marks outside the bleed', async () => {
    const b = await boxes(files[`${base}.pdf`]!);
    const [tx0, ty0, tx1] = b.TrimBox as [number, number, number, number];
    expect(tx1 - tx0).toBeCloseTo(25 * MM, 2);
    expect(b.BleedBox[0]).toBeCloseTo(tx0 - 3 * MM, 2);
    expect(b.BleedBox[1]).toBeCloseTo(ty0 - 3 * MM, 2);
    expect(b.MediaBox[0]).toBe(0);
    expect(b.BleedBox[0]).toBeGreaterThan(5 * MM);
  });

  it('makes the .ai file a PDF (PDF-compatible Illustrator file)', () => {
    expect(readFileSync(files[`${base}.ai`]!, 'latin1').slice(0, 5)).toBe('%PDF-');
  });
});

describe('module size', () => {
  it.each([0.396, 0.5, 0.75])(
    'sizeMode xdim %p mm: every module in the PDF is that size to 0.01 mm',
    async (xdimMm) => {
      const zip = await renderZip([record], {
        symbologies: ['qr', 'dm'],
        sizeMode: 'xdim',
        xdimMm,
        formats: ['pdf'],
        hri: false,
      });
      for (const suffix of ['', '.dm']) {
        const pdf = await qpdfText(
          dir.write(`x${suffix}.pdf`, zip.entries[`${base}${suffix}.pdf`]!),
          dir.path(`x${suffix}.qdf`),
        );
        const rects = [...pdf.matchAll(/^([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re$/gm)].map(
          (m) => [Number(m[3]), Number(m[4])] as const,
        );
        expect(rects.length).toBeGreaterThan(50);
        for (const [w, h] of rects) {
          expect(Math.abs(h / MM - xdimMm)).toBeLessThan(0.01);
          const modules = Math.round(w / MM / xdimMm);
          expect(Math.abs(w / MM - modules * xdimMm)).toBeLessThan(0.01);
        }
      }
    },
  );

  it('sizeMode total: the symbol with its quiet zone is sizeMm wide, and a module out of GS1 guidance is flagged', async () => {
    const zip = await renderZip([record], { symbologies: ['dm'], sizeMm: 30, formats: ['pdf'] });
    const b = await boxes(dir.write('t.pdf', zip.entries[`${base}.dm.pdf`]!));
    expect((b.TrimBox[2]! - b.TrimBox[0]!) / MM).toBeCloseTo(30, 2);
    expect(text(zip.entries['manifest.csv'])).toMatch(/dm: module 1\.\d+ mm outside GS1 guidance 0\.396-0\.99 mm/);
  });
});

describe('spot ink', () => {
  it('draws in a Separation named spotName whose alternate is DeviceCMYK 0 0 0 1', async () => {
    const zip = await renderZip([record], { formats: ['pdf'], ink: 'spot', spotName: 'Brand Black' });
    const file = dir.write('spot.pdf', zip.entries[`${base}.pdf`]!);
    const pdf = await qpdfText(file, dir.path('spot.qdf'));
    expect(pdf).toMatch(/\/Separation\s+\/Brand#20Black\s+\/DeviceCMYK/);
    expect(pdf).toMatch(/\/C1 \[\s*0\s+0\s+0\s+1\s*\]/);
    expect(pdf).not.toContain('/DeviceCMYK cs');
    expect(await qpdfCheck(file)).toContain('No syntax or stream encoding errors');
  });
});
