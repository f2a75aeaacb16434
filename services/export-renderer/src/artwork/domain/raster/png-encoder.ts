import { PNG } from 'pngjs';
import crc32 from 'buffer-crc32';
import type { Bitmap } from './bitmap';

/** pHYs chunk: pixels per metre on both axes, unit = metre, so viewers and RIPs read the intended DPI. */
function physChunk(dpi: number): Buffer {
  const ppm = Math.round(dpi / 0.0254);
  const body = Buffer.alloc(13);
  body.write('pHYs', 0, 'latin1');
  body.writeUInt32BE(ppm, 4);
  body.writeUInt32BE(ppm, 8);
  body.writeUInt8(1, 12);
  const chunk = Buffer.alloc(4 + body.length + 4);
  chunk.writeUInt32BE(9, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32.unsigned(body), 4 + body.length);
  return chunk;
}

/**
 * 8-bit greyscale PNG (pngjs writes 8 or 16 bits; greyscale keeps black a single channel, never RGB black)
 * holding only 0 and 255, with pHYs spliced in after IHDR (pngjs writes no pHYs; PNG requires it before IDAT).
 * The bitmap's bytes become the grey samples in place (it is used up), so a large symbol needs one copy less.
 */
export function encodePng(bitmap: Bitmap, dpi: number): Buffer {
  const grey = Buffer.from(bitmap.ink.buffer, bitmap.ink.byteOffset, bitmap.ink.length);
  for (let i = 0; i < grey.length; i++) grey[i] = grey[i] ? 0 : 255;
  const png = PNG.sync.write(Object.assign(new PNG({ width: bitmap.width, height: bitmap.height }), { data: grey }), {
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
    bitDepth: 8,
  });
  // Signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 crc).
  const afterIhdr = 8 + 25;
  return Buffer.concat([png.subarray(0, afterIhdr), physChunk(dpi), png.subarray(afterIhdr)]);
}
