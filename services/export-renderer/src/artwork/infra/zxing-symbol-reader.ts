import { readFileSync } from 'node:fs';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { SymbolReader } from '../app/artwork-ports';

let ready: Promise<unknown> | undefined;

/**
 * Loads zxing-cpp's reader from the .wasm that ships in node_modules. zxing-wasm's default locateFile fetches
 * the binary from a CDN, which a renderer must never depend on, so the bytes are handed over as wasmBinary.
 */
export function loadZxing(): Promise<unknown> {
  ready ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer },
    fireImmediately: true,
  });
  return ready;
}

/**
 * The preflight's reader: zxing-cpp. The image is a generated, axis-aligned symbol, which is what zxing's `isPure`
 * mode is for: it samples the module grid from the symbol's outline instead of searching the image for finder
 * patterns, and the bilevel image needs no adaptive thresholding (`BoolCast`). Every module is still read and the
 * error correction still checked.
 */
export const zxingSymbolReader: SymbolReader = {
  async read(image, format) {
    await loadZxing();
    const results = await readBarcodes(image as unknown as Parameters<typeof readBarcodes>[0], {
      formats: [format],
      textMode: 'HRI',
      isPure: true,
      binarizer: 'BoolCast',
      tryRotate: false,
      tryInvert: false,
      tryDownscale: false,
      maxNumberOfSymbols: 1,
    });
    return results[0] ?? null;
  },
};
