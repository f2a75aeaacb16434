import { readFileSync } from 'node:fs';
import { prepareZXingModule, readBarcodes, type ReadResult, type ReaderOptions } from 'zxing-wasm/reader';

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

export interface GreyImage {
  readonly width: number;
  readonly height: number;
  /** RGBA, as zxing-wasm's ImageData input expects. */
  readonly data: Uint8ClampedArray;
}

export async function decode(image: GreyImage, options: ReaderOptions): Promise<ReadResult[]> {
  await loadZxing();
  return readBarcodes(image as unknown as Parameters<typeof readBarcodes>[0], options);
}
