import type { SymbolArtwork } from '../layout/compose-record';
import { rasterise } from '../raster/bitmap';
import { decode, type GreyImage } from './zxing-reader';

/** Pixels per module for the preflight raster: module edges fall on pixel edges, so nothing is resampled. */
const PX_PER_MODULE = 3;

function toImage(s: SymbolArtwork): GreyImage {
  // HRI lies below the quiet zone by construction; the symbol area is what a scanner reads.
  const bitmap = rasterise(s.artwork, PX_PER_MODULE / s.artwork.moduleMm, false);
  const data = new Uint8ClampedArray(bitmap.width * bitmap.height * 4).fill(255);
  for (let i = 0; i < bitmap.ink.length; i++) {
    if (bitmap.ink[i]) data[i * 4] = data[i * 4 + 1] = data[i * 4 + 2] = 0;
  }
  return { width: bitmap.width, height: bitmap.height, data };
}

/**
 * Decodes the symbol back from the geometry every format draws (quiet zones, module runs and all) with
 * zxing-cpp, an encoder-independent reader, and compares symbology, identifier and content.
 * Returns null when it reads back exactly, else a check message.
 */
export async function verifySymbol(s: SymbolArtwork): Promise<string | null> {
  const results = await decode(toImage(s), {
    formats: [s.expected.format],
    textMode: 'HRI',
    tryRotate: false,
    tryInvert: false,
    tryDownscale: false,
    maxNumberOfSymbols: 1,
  });
  const r = results[0];
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
