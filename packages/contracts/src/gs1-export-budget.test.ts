import {
  EXPORT_BUDGET,
  jobBudgetIssue,
  jobRasterPixels,
  maxRasterSideMm,
  symbolBudgetIssue,
} from './gs1-export-budget';
import { Gs1ExportWrite } from './gs1-export-options';

const options = (o: Record<string, unknown>) => Gs1ExportWrite.parse(o);

describe('export render budget', () => {
  it('costs nothing without a raster copy, whatever the size', () => {
    expect(symbolBudgetIssue({ ...options({}), sizeMm: 1000 })).toBeNull();
    expect(jobRasterPixels(options({ sizeMm: 1000 }), 5000)).toBe(0);
  });

  it('puts the per-symbol limit at about 211 mm at 600 dpi and 423 mm at 300 dpi', () => {
    expect(maxRasterSideMm(600)).toBeCloseTo(211.7, 1);
    expect(maxRasterSideMm(300)).toBeCloseTo(423.3, 1);
    expect(Gs1ExportWrite.safeParse({ sizeMm: 211, raster: 'png600' }).success).toBe(true);
    expect(Gs1ExportWrite.safeParse({ sizeMm: 423, raster: 'tiff300' }).success).toBe(true);
    expect(Gs1ExportWrite.safeParse({ sizeMm: 424, raster: 'tiff300' }).success).toBe(false);
  });

  it('bounds an xdim symbol by the smallest symbol of its kind (QR version 1 with its quiet zones: 29 modules)', () => {
    // 29 x 7.3 mm = 211.7 mm at 600 dpi: just within; 7.4 mm is not.
    expect(Gs1ExportWrite.safeParse({ sizeMode: 'xdim', xdimMm: 7.29, raster: 'png600' }).success).toBe(true);
    expect(Gs1ExportWrite.safeParse({ sizeMode: 'xdim', xdimMm: 7.4, raster: 'png600' }).success).toBe(false);
  });

  it('counts every symbol of every code against the job budget', () => {
    const heavy = options({ symbologies: ['qr', 'dm'], sizeMm: 211, raster: 'png600' });
    const perCode = jobRasterPixels(heavy, 1);
    expect(perCode).toBe(2 * 4984 * 4984);
    const fits = Math.floor(EXPORT_BUDGET.rasterPixelsPerJob / perCode);
    expect(jobBudgetIssue(heavy, fits)).toBeNull();
    expect(jobBudgetIssue(heavy, fits + 1)).toContain(`${fits + 1} codes with raster png600`);
    // The default job of 5000 codes, both symbologies at 25 mm and 600 dpi, is within the budget.
    expect(jobBudgetIssue(options({ symbologies: ['qr', 'dm'], raster: 'png600' }), 5000)).toBeNull();
  });
});
