import { readFileSync } from 'node:fs';

export interface DecodedQr {
  /** The text of every valid QR code found. */
  texts: string[];
  width: number;
  height: number;
}

let zxing: Promise<typeof import('zxing-wasm/reader')> | undefined;

/** zxing-wasm fetches its .wasm from a CDN by default; tests hand it the binary from node_modules instead. */
function loadZxing(): Promise<typeof import('zxing-wasm/reader')> {
  zxing ??= import('zxing-wasm/reader').then(async (reader) => {
    await reader.prepareZXingModule({
      overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer },
      fireImmediately: true,
    });
    return reader;
  });
  return zxing;
}

/** What a phone camera reads from an SVG: rasterised by resvg (an independent renderer), decoded by zxing-cpp. */
export async function decodeQrSvg(svg: string): Promise<DecodedQr> {
  const { Resvg } = await import('@resvg/resvg-js');
  const { readBarcodes } = await loadZxing();
  const image = new Resvg(svg, { background: '#ffffff' }).render();
  const data = new Uint8ClampedArray(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength);
  const input = { data, width: image.width, height: image.height, colorSpace: 'srgb' } as unknown as Parameters<
    typeof readBarcodes
  >[0];
  const results = await readBarcodes(input, { formats: ['QRCode'], tryHarder: true });
  return { texts: results.filter((r) => r.isValid).map((r) => r.text), width: image.width, height: image.height };
}
