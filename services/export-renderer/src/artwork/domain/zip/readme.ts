import type { ExportOptions } from '../export-options';

export interface ReadmeFacts {
  readonly options: ExportOptions;
  readonly count: number;
  readonly codesWithChecks: number;
  readonly createdAt: Date;
}

function inkLine(o: ExportOptions): string {
  return o.ink === 'spot'
    ? `Ink: spot colour "${o.spotName}" (Separation; alternate DeviceCMYK 0/0/0/100), overprint on.`
    : 'Ink: 100 % K only (DeviceCMYK 0/0/0/100, never rich black), overprint on.';
}

/** Hand-off notes for the printer: what is in the zip and how it was made. */
export function readmeText(f: ReadmeFacts): Buffer {
  const o = f.options;
  const size =
    o.sizeMode === 'total'
      ? `every symbol incl. quiet zone is ${o.sizeMm} mm wide`
      : `module (X-dimension) ${o.xdimMm} mm`;
  const lines = [
    'Waymark GS1 artwork export',
    `Created: ${f.createdAt.toISOString()}`,
    `Codes: ${f.count}  (codes with preflight findings: ${f.codesWithChecks}; see manifest.csv, column checks)`,
    '',
    'Files',
    '- <code>.<fmt>: QR code carrying the GS1 Digital Link URI (the code path with "/" replaced by "_").',
    '- <code>.dm.<fmt>: GS1 DataMatrix carrying the GS1 element string (FNC1 first, symbology identifier ]d2).',
    '- <code>.ean13.<fmt>: EAN-13 of the GTIN, when requested and the GTIN has an EAN-13 form.',
    '- sheet-<kind>.pdf: imposed sheet, when requested. manifest.csv: one row per code with real sizes and checks.',
    '',
    'Print',
    `- Size: ${size}. Quiet zones included: QR 4 modules, DataMatrix 1, EAN-13 11 left / 7 right. Do not scale.`,
    `- Symbologies: ${o.symbologies.join(', ')}${o.ean13 ? ', ean13' : ''}; QR error correction ${o.ec}.`,
    `- ${inkLine(o)}`,
    `- PDF: TrimBox is the artwork; BleedBox ${o.bleedMm} mm beyond it${o.marks ? '; crop marks and registration targets outside the bleed, in the same ink' : ''}.`,
    o.iccIntent
      ? `- Output intent: "${o.iccIntent}" (GTS_PDFX, registered condition; no ICC profile embedded: use your RIP's profile for it).`
      : '- Output intent: none declared.',
    '- EPS: DSC 3.0 / EPSF 3.0, K (or the spot) with true setoverprint; %%HiResBoundingBox is the exact size.',
    '- AI: a PDF-compatible Illustrator file (a PDF saved with the .ai extension, which Illustrator opens natively).',
    '- SVG: real size in mm, black #000 (SVG has no CMYK): use PDF/EPS/AI as print masters.',
    o.raster === 'none'
      ? ''
      : `- Raster copies (${o.raster}): 1-bit (TIFF) or greyscale (PNG) at the stated DPI, never RGB.`,
    '- Human-readable text is OCR-B converted to outlines: no fonts needed.',
    '',
    'Preflight',
    '- Every symbol was decoded back from its rendered geometry with an independent reader (zxing-cpp) and',
    '  compared with the data it must carry; module sizes outside the GS1 retail guidance are flagged.',
    '- Print a proof and verify with a barcode verifier (ISO/IEC 15415 / 15416) before the run.',
    '',
  ];
  return Buffer.from(lines.filter((l, i) => l !== '' || lines[i - 1] !== '').join('\r\n'));
}
