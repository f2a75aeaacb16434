import type { SymbolArtwork } from '../domain/layout/compose-record';
import type { SymbolImage, SymbolReader } from './artwork-ports';

/**
 * Pixels per module for the preflight raster: module edges fall on pixel edges, so nothing is resampled, and two
 * pixels a module still shows a geometry that drifts by a quarter module. Small images keep the decode cheap.
 */
const PX_PER_MODULE = 2;

/**
 * The symbol area (quiet zones included; HRI lies below it by construction) drawn from the same rectangles every
 * format draws, straight into the RGBA image the reader takes. Edges snap to the nearest pixel as a RIP's would.
 */
function symbolImage(s: SymbolArtwork): SymbolImage {
  const a = s.artwork;
  const scale = PX_PER_MODULE / a.moduleMm;
  const width = Math.round(a.symbolWidthMm * scale);
  const height = Math.round(a.symbolHeightMm * scale);
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const r of a.rects) {
    const x0 = Math.max(0, Math.round(r.x * scale));
    const x1 = Math.min(width, Math.round((r.x + r.w) * scale));
    const y1 = Math.min(height, Math.round((r.y + r.h) * scale));
    for (let y = Math.max(0, Math.round(r.y * scale)); y < y1; y++) {
      // Black: R, G and B to 0 (alpha stays 255).
      for (let i = (y * width + x0) * 4, end = (y * width + x1) * 4; i < end; i += 4)
        data[i] = data[i + 1] = data[i + 2] = 0;
    }
  }
  return { width, height, data };
}

/**
 * Decodes the symbol back from the geometry every format draws (quiet zones, module runs and all) with `reader`, an
 * encoder-independent reader, and compares symbology, identifier and content.
 * Returns null when it reads back exactly, else a check message.
 */
export async function verifySymbol(s: SymbolArtwork, reader: SymbolReader): Promise<string | null> {
  const r = await reader.read(symbolImage(s), s.expected.format);
  if (!r || !r.isValid) return `${s.symbology}: preflight could not decode the symbol`;
  if (r.format !== s.expected.format) {
    return `${s.symbology}: preflight read ${r.format}, expected ${s.expected.format}`;
  }
  if (r.symbologyIdentifier !== s.expected.symbologyIdentifier) {
    return `${s.symbology}: preflight symbology identifier ${r.symbologyIdentifier}, expected ${s.expected.symbologyIdentifier}`;
  }
  if (r.text !== s.expected.text) return `${s.symbology}: preflight read "${r.text}", expected "${s.expected.text}"`;
  return null;
}
