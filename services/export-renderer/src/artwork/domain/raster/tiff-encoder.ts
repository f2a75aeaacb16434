import type { Bitmap } from './bitmap';

/**
 * Baseline bilevel TIFF (1 bit per pixel, WhiteIsZero, uncompressed; the zip deflates it) with X/YResolution
 * in dots per inch. Written here because utif's encodeImage (and utif2's) writes 8-bit RGBA only, which
 * would turn black into RGB black; a bilevel TIFF is a fixed header, one IFD and the packed rows.
 */
export function encodeTiff(bitmap: Bitmap, dpi: number): Buffer {
  const rowBytes = Math.ceil(bitmap.width / 8);
  const pixels = Buffer.alloc(rowBytes * bitmap.height);
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      if (bitmap.ink[y * bitmap.width + x]) pixels[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  // [tag, type (3 SHORT, 4 LONG, 5 RATIONAL), value]; entries must be sorted by tag.
  const entries: Array<[number, number, number]> = [
    [256, 4, bitmap.width], // ImageWidth
    [257, 4, bitmap.height], // ImageLength
    [258, 3, 1], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 0], // PhotometricInterpretation: WhiteIsZero (1 = ink)
    [273, 4, 0], // StripOffsets (patched below)
    [277, 3, 1], // SamplesPerPixel
    [278, 4, bitmap.height], // RowsPerStrip
    [279, 4, pixels.length], // StripByteCounts
    [282, 5, 0], // XResolution (offset patched below)
    [283, 5, 0], // YResolution
    [296, 3, 2], // ResolutionUnit: inch
  ];
  const ifdOffset = 8;
  const ifdSize = 2 + entries.length * 12 + 4;
  const rationalOffset = ifdOffset + ifdSize;
  const pixelOffset = rationalOffset + 16;
  const out = Buffer.alloc(pixelOffset + pixels.length);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(ifdOffset, 4);
  out.writeUInt16LE(entries.length, ifdOffset);
  entries.forEach(([tag, type, value], i) => {
    const at = ifdOffset + 2 + i * 12;
    out.writeUInt16LE(tag, at);
    out.writeUInt16LE(type, at + 2);
    out.writeUInt32LE(1, at + 4);
    if (tag === 273) out.writeUInt32LE(pixelOffset, at + 8);
    else if (type === 5) out.writeUInt32LE(rationalOffset + (tag === 282 ? 0 : 8), at + 8);
    else if (type === 3) out.writeUInt16LE(value, at + 8);
    else out.writeUInt32LE(value, at + 8);
  });
  out.writeUInt32LE(0, ifdOffset + ifdSize - 4);
  for (const at of [rationalOffset, rationalOffset + 8]) {
    out.writeUInt32LE(dpi, at);
    out.writeUInt32LE(1, at + 4);
  }
  pixels.copy(out, pixelOffset);
  return out;
}
