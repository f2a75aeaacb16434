import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let ready: Promise<unknown> | undefined;

/** zxing-wasm fetches its .wasm from a CDN by default; tests hand it the binary from node_modules instead. */
function loadZxing(): Promise<unknown> {
  ready ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer },
    fireImmediately: true,
  });
  return ready;
}

/** Rasterises an SVG with resvg (an independent renderer) and decodes every QR code zxing-cpp finds in it. */
export async function decodeQrSvg(svg: string): Promise<{ texts: string[]; width: number; height: number }> {
  const image = new Resvg(svg, { background: '#ffffff' }).render();
  await loadZxing();
  const data = new Uint8ClampedArray(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength);
  const results = await readBarcodes({ data, width: image.width, height: image.height, colorSpace: 'srgb' } as unknown as Parameters<typeof readBarcodes>[0], {
    formats: ['QRCode'],
    tryHarder: true,
  });
  return { texts: results.filter((r) => r.isValid).map((r) => r.text), width: image.width, height: image.height };
}
