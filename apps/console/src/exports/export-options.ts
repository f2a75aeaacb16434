import { Gs1ExportWrite, RASTER_DPI, RETAIL_POS_XDIM_MM, maxRasterSideMm } from '@waymark/contracts';

/** The export form as typed: text fields stay strings until the body is built. */
export interface ExportForm {
  name: string;
  query: string;
  tags: string;
  symbologies: ('qr' | 'dm')[];
  sizeMode: 'total' | 'xdim';
  sizeMm: string;
  xdimMm: string;
  ec: 'L' | 'M' | 'Q' | 'H';
  hri: boolean;
  compressUri: boolean;
  ean13: boolean;
  formats: ('svg' | 'pdf' | 'eps' | 'ai')[];
  raster: keyof typeof RASTER_DPI;
  sheet: 'none' | 'a4' | 'avery-l7160' | 'roll-100';
  bleedMm: string;
  marks: boolean;
  ink: 'k100' | 'spot';
  spotName: string;
  iccIntent: string;
}

/** The specification's defaults (spec 2.8), as the contract applies them. */
export const DEFAULT_FORM: ExportForm = {
  ...{ name: 'export', query: '', tags: '', symbologies: ['qr'], sizeMode: 'total', sizeMm: '25', xdimMm: '0.495' },
  ...{ ec: 'H', hri: true, compressUri: false, ean13: false, formats: ['svg'], raster: 'none', sheet: 'none' },
  ...{ bleedMm: '0', marks: false, ink: 'k100', spotName: '', iccIntent: '' },
};

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The Gs1ExportWrite body the form describes: empty optional fields left out, sizes only for their size mode. */
export function exportBody(f: ExportForm): Record<string, unknown> {
  const tags = f.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    name: f.name,
    ...(f.query.trim() ? { query: f.query.trim() } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    symbologies: f.symbologies,
    sizeMode: f.sizeMode,
    ...(f.sizeMode === 'total' ? { sizeMm: number(f.sizeMm) } : { xdimMm: number(f.xdimMm) }),
    ...{ ec: f.ec, hri: f.hri, compressUri: f.compressUri, ean13: f.ean13, formats: f.formats },
    ...{ raster: f.raster, sheet: f.sheet, bleedMm: number(f.bleedMm), marks: f.marks, ink: f.ink },
    ...(f.ink === 'spot' && f.spotName ? { spotName: f.spotName } : {}),
    ...(f.iccIntent.trim() ? { iccIntent: f.iccIntent.trim() } : {}),
  };
}

/**
 * Why the API would refuse the options, by field, from the contract's own schema (the one the API and the renderer
 * parse with), so the limits and the combination rules are declared once.
 */
export function exportIssues(f: ExportForm): Map<string, string> {
  const parsed = Gs1ExportWrite.safeParse(exportBody(f));
  const issues = new Map<string, string>();
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    const many = field === 'formats' || field === 'symbologies';
    const message = many && issue.code === 'too_small' ? 'choose at least one' : issue.message;
    if (!issues.has(field)) issues.set(field, message);
  }
  return issues;
}

/** Advice that does not block the export: a module size outside GS1's retail point-of-sale guidance. */
export function exportAdvice(f: ExportForm): string[] {
  const advice: string[] = [];
  const xdim = number(f.xdimMm);
  if (f.sizeMode === 'xdim' && xdim !== undefined && (xdim < RETAIL_POS_XDIM_MM.min || xdim > RETAIL_POS_XDIM_MM.max)) {
    advice.push(
      `A module of ${xdim} mm is outside GS1's retail point-of-sale guidance ` +
        `(${RETAIL_POS_XDIM_MM.min} to ${RETAIL_POS_XDIM_MM.max} mm); the manifest flags it.`,
    );
  }
  const dpi = RASTER_DPI[f.raster];
  if (dpi > 0) {
    advice.push(`Raster copies at ${dpi} dpi are possible for symbols up to ${maxRasterSideMm(dpi).toFixed(0)} mm.`);
  }
  return advice;
}

/** Bounds of a numeric option, read from the contract for the input's min and max. */
export function bounds(field: 'sizeMm' | 'xdimMm' | 'bleedMm'): { min: number; max: number } {
  const inner = Gs1ExportWrite.shape[field].unwrap();
  return { min: inner.minValue ?? 0, max: inner.maxValue ?? Number.MAX_SAFE_INTEGER };
}
