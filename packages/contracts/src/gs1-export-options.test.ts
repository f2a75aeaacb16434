import { Gs1ExportWrite } from './gs1-export-options';

const paths = (input: unknown): string[] => {
  const r = Gs1ExportWrite.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('export options', () => {
  it('applies every default, including the ones the spec leaves open', () => {
    expect(Gs1ExportWrite.parse({})).toEqual({
      name: 'export',
      symbologies: ['qr'],
      sizeMode: 'total',
      sizeMm: 25,
      xdimMm: 0.495,
      ec: 'H',
      hri: true,
      ean13: false,
      compressUri: false,
      formats: ['svg'],
      raster: 'none',
      sheet: 'none',
      bleedMm: 0,
      marks: false,
      ink: 'k100',
    });
  });

  it('keeps given values', () => {
    const o = Gs1ExportWrite.parse({
      symbologies: ['qr', 'dm'],
      formats: ['pdf', 'eps', 'ai'],
      bleedMm: 3,
      ink: 'spot',
      spotName: 'PANTONE Black C',
    });
    expect([o.symbologies, o.formats, o.bleedMm, o.spotName]).toEqual([
      ['qr', 'dm'],
      ['pdf', 'eps', 'ai'],
      3,
      'PANTONE Black C',
    ]);
  });

  it.each([
    [{ bleedMm: 10.01 }, 'bleedMm'],
    [{ bleedMm: -1 }, 'bleedMm'],
    [{ sizeMm: 0 }, 'sizeMm'],
    [{ xdimMm: -0.1 }, 'xdimMm'],
    [{ symbologies: [] }, 'symbologies'],
    [{ symbologies: ['qr', 'qr'] }, 'symbologies'],
    [{ symbologies: ['pdf417'] }, 'symbologies.0'],
    [{ formats: [] }, 'formats'],
    [{ formats: ['svg', 'svg'] }, 'formats'],
    [{ formats: ['png'] }, 'formats.0'],
    [{ ec: 'X' }, 'ec'],
    [{ raster: 'png1200' }, 'raster'],
    [{ sheet: 'letter' }, 'sheet'],
    [{ ink: 'spot' }, 'spotName'],
    [{ spotName: 'Black' }, 'spotName'],
    [{ name: '../../etc' }, 'name'],
    [{ colour: 'red' }, ''],
  ])('refuses %j naming %j', (input, path) => {
    expect(paths(input)).toEqual([path]);
  });

  it('accepts the bleed limits themselves', () => {
    expect(paths({ bleedMm: 0 })).toEqual([]);
    expect(paths({ bleedMm: 10 })).toEqual([]);
  });
});
