import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let ready: Promise<unknown> | undefined;

/** zxing-wasm fetches its .wasm from a CDN by default; the tests hand it the binary from node_modules. */
function loadZxing(): Promise<unknown> {
  ready ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer },
    fireImmediately: true,
  });
  return ready;
}

/** What a phone camera reads from the SVG: rasterised by resvg, decoded by zxing-cpp. */
export async function decodeQrSvg(svg: string): Promise<string[]> {
  const image = new Resvg(svg, { background: '#ffffff' }).render();
  await loadZxing();
  const data = new Uint8ClampedArray(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength);
  const input = { data, width: image.width, height: image.height, colorSpace: 'srgb' } as unknown as Parameters<typeof readBarcodes>[0];
  const results = await readBarcodes(input, { formats: ['QRCode'], tryHarder: true });
  return results.filter((r) => r.isValid).map((r) => r.text);
}
