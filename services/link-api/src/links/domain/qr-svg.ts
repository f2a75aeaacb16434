import QRCode from 'qrcode';

/** Light modules around the symbol, as ISO/IEC 18004 requires for reliable scanning. */
export const QUIET_ZONE_MODULES = 4;

/**
 * A plain QR code of `text` as SVG: one module is `scale` px, with a 4-module quiet zone. The viewBox is in module
 * units and width/height in px, so every module lands on whole pixels; each row's dark runs are one path segment.
 * Error correction M (15%) survives ordinary print wear without making the symbol denser than needed.
 */
export function qrSvg(text: string, scale: number): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const side = n + 2 * QUIET_ZONE_MODULES;
  let d = '';
  for (let y = 0; y < n; y++) {
    let x = 0;
    while (x < n) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < n && modules.get(y, x)) x++;
      d += `M${start + QUIET_ZONE_MODULES} ${y + QUIET_ZONE_MODULES}h${x - start}v1h-${x - start}z`;
    }
  }
  const px = side * scale;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`
  );
}
