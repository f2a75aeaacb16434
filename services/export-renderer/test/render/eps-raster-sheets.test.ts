import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { newRecord, renderZip, text } from './export-fixture';
import { decodeImage, ghostscriptPng, inkCoverage, qpdfJson, scratchDir } from './print-tools';

jest.setTimeout(120_000);

const run = promisify(execFile);
const dir = scratchDir();
afterAll(() => dir.remove());
const MM = 72 / 25.4;

describe('EPS', () => {
  const record = newRecord({ batch: 'EPS1' });
  const base = record.code.replace(/\//g, '_');
  let eps: string;
  let file: string;

  beforeAll(async () => {
    const zip = await renderZip([record], { symbologies: ['qr', 'dm'], formats: ['eps'] });
    eps = text(zip.entries[`${base}.eps`]);
    file = dir.write(`${base}.eps`, zip.entries[`${base}.eps`]!);
    dir.write(`${base}.dm.eps`, zip.entries[`${base}.dm.eps`]!);
  });

  it('is DSC 3.0 with integer and high-resolution bounding boxes, K only and overprinting', () => {
    expect(eps.startsWith('%!PS-Adobe-3.0 EPSF-3.0\n')).toBe(true);
    expect(eps).toMatch(/^%%BoundingBox: 0 0 \d+ \d+$/m);
    expect(eps).toMatch(/^%%HiResBoundingBox: 0 0 [\d.]+ [\d.]+$/m);
    expect(eps).toContain('0 0 0 1 setcmykcolor');
    expect(eps).toContain('true setoverprint');
    expect(eps).not.toMatch(/setrgbcolor|setgray/);
    expect(eps.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('renders in Ghostscript at its declared bounding box, draws inside it and scans', async () => {
    const [, w, h] = eps.match(/^%%HiResBoundingBox: 0 0 ([\d.]+) ([\d.]+)$/m)!;
    const png = await ghostscriptPng(file, 300, dir.path('eps.png'));
    const image = PNG.sync.read(png);
    expect(Math.abs(image.width - (Number(w) / 72) * 300)).toBeLessThanOrEqual(2);
    expect(Math.abs(image.height - (Number(h) / 72) * 300)).toBeLessThanOrEqual(2);
    const { stderr } = await run('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=bbox', file]);
    const [, x0, y0, x1, y1] = stderr
      .match(/%%HiResBoundingBox: ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)/)!
      .map(Number) as number[];
    expect(x0).toBeGreaterThanOrEqual(0);
    expect(y0).toBeGreaterThanOrEqual(0);
    expect(x1).toBeLessThanOrEqual(Number(w) + 0.5);
    expect(y1).toBeLessThanOrEqual(Number(h) + 0.5);
    const [result] = await decodeImage(png);
    expect(result?.text).toBe(`https://${record.domain}/${record.code}`);
    const [dm] = await decodeImage(await ghostscriptPng(dir.path(`${base}.dm.eps`), 300, dir.path('dm.png')));
    expect([dm?.symbologyIdentifier, dm?.text]).toEqual([']d2', `(01)${record.gtin14}(10)EPS1`]);
  });
});

/** Reads a bilevel TIFF far enough to check it: tags of the first IFD and the ink of its single strip. */
function readTiff(buf: Buffer): { tags: Map<number, number>; dpi: number; png: Buffer } {
  const ifd = buf.readUInt32LE(4);
  const tags = new Map<number, number>();
  for (let i = 0; i < buf.readUInt16LE(ifd); i++) {
    const at = ifd + 2 + i * 12;
    const type = buf.readUInt16LE(at + 2);
    tags.set(buf.readUInt16LE(at), type === 3 ? buf.readUInt16LE(at + 8) : buf.readUInt32LE(at + 8));
  }
  const xres = tags.get(282)!;
  const dpi = buf.readUInt32LE(xres) / buf.readUInt32LE(xres + 4);
  const width = tags.get(256)!;
  const height = tags.get(257)!;
  const rowBytes = Math.ceil(width / 8);
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ink = (buf[tags.get(273)! + y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
      const i = (y * width + x) * 4;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = ink ? 0 : 255;
      png.data[i + 3] = 255;
    }
  }
  return { tags, dpi, png: PNG.sync.write(png) };
}

describe('raster copies', () => {
  it('tiff600 is a 1-bit TIFF at 600 dpi, real size, and scans', async () => {
    const record = newRecord({ batch: 'TIF1' });
    const base = record.code.replace(/\//g, '_');
    const zip = await renderZip([record], { symbologies: ['qr', 'dm'], raster: 'tiff600', formats: ['svg'] });
    const tiff = readTiff(Buffer.from(zip.entries[`${base}.dm.tif`]!));
    expect([tiff.tags.get(258), tiff.tags.get(277), tiff.tags.get(296), tiff.dpi]).toEqual([1, 1, 2, 600]);
    expect(tiff.tags.get(256)).toBe(Math.round((25 / 25.4) * 600));
    const [result] = await decodeImage(tiff.png);
    expect([result?.symbologyIdentifier, result?.text]).toEqual([']d2', `(01)${record.gtin14}(10)TIF1`]);
  });
});

describe('sheets', () => {
  const records = Array.from({ length: 23 }, () => newRecord());

  it('avery-l7160 puts 21 labels of 63.5 x 38.1 mm on each A4 page', async () => {
    const zip = await renderZip(records, { sizeMm: 22, sheet: 'avery-l7160' });
    const file = dir.write('avery.pdf', zip.entries['sheet-avery-l7160.pdf']!);
    const json = await qpdfJson(file);
    expect(json.pages).toHaveLength(2);
    const found = await decodeImage(await ghostscriptPng(file, 300, dir.path('avery.png')), 50);
    expect(found.map((r) => r.text).sort()).toEqual(
      records
        .slice(0, 21)
        .map((r) => `https://${r.domain}/${r.code}`)
        .sort(),
    );
    for (const [c, m, y] of await inkCoverage(file)) expect([c, m, y]).toEqual([0, 0, 0]);
  });

  it('roll-100 makes one 100 mm wide page per label', async () => {
    const zip = await renderZip(records.slice(0, 3), { symbologies: ['qr', 'dm'], sheet: 'roll-100' });
    const json = await qpdfJson(dir.write('roll.pdf', zip.entries['sheet-roll-100.pdf']!));
    expect(json.pages).toHaveLength(6);
    const objects = json.qpdf[1] as Record<string, { value?: Record<string, number[]> }>;
    const media = objects[`obj:${json.pages[0]!.object}`]!.value!['/MediaBox']!;
    expect((media[2]! - media[0]!) / MM).toBeCloseTo(100, 2);
  });

  it('a4 grid imposes every symbol with crop marks, flagging none that fit', async () => {
    const zip = await renderZip(records.slice(0, 5), { symbologies: ['qr', 'dm'], sheet: 'a4' });
    const file = dir.write('a4.pdf', zip.entries['sheet-a4.pdf']!);
    const found = await decodeImage(await ghostscriptPng(file, 300, dir.path('a4.png')), 50);
    expect(found).toHaveLength(10);
    expect(text(zip.entries['manifest.csv'])).not.toContain('does not fit');
  });
});
