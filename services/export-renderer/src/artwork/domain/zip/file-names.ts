import type { Symbology } from '../export-options';

/**
 * Zip entry names (spec 2.9): the code path with `/` replaced by `_`, then a symbology suffix, then the
 * format: `01_<gtin>_10_<batch>.pdf` is the QR, `.dm.pdf` the GS1 DataMatrix, `.ean13.pdf` the EAN-13;
 * raster copies follow the same pattern (`.png`, `.dm.tif`).
 */
const SUFFIX: Record<Symbology, string> = { qr: '', dm: '.dm', ean13: '.ean13' };

export function baseName(code: string): string {
  return code.replace(/\//g, '_');
}

export function fileName(base: string, symbology: Symbology, ext: string): string {
  return `${base}${SUFFIX[symbology]}.${ext}`;
}

/**
 * Hands out base names; the same code on two domains of a tenant gets the domain appended the second time,
 * so no entry silently overwrites another.
 */
export class BaseNames {
  private readonly used = new Set<string>();

  next(code: string, domain: string): string {
    let name = baseName(code);
    if (this.used.has(name)) name = `${name}_${domain}`;
    for (let i = 2; this.used.has(name); i++) name = `${baseName(code)}_${domain}_${i}`;
    this.used.add(name);
    return name;
  }
}
