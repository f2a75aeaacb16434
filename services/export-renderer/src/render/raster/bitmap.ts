import type { Artwork, PathOp } from '../layout/artwork';

/** One byte per pixel, 1 = ink; rows top to bottom. */
export interface Bitmap {
  readonly width: number;
  readonly height: number;
  readonly ink: Uint8Array;
}

type Point = [number, number];

/** Splits glyph outlines into closed polygons, flattening each cubic into 8 segments (sub-pixel at 600 dpi). */
function polygons(ops: readonly PathOp[], scale: number): Point[][] {
  const out: Point[][] = [];
  let current: Point[] = [];
  for (const o of ops) {
    if (o.op === 'M') {
      if (current.length > 2) out.push(current);
      current = [[o.x * scale, o.y * scale]];
    } else if (o.op === 'L') current.push([o.x * scale, o.y * scale]);
    else if (o.op === 'C') {
      const [x0, y0] = current[current.length - 1] ?? [0, 0];
      for (let i = 1; i <= 8; i++) {
        const t = i / 8;
        const u = 1 - t;
        const x = u * u * u * x0 + 3 * u * u * t * o.x1 * scale + 3 * u * t * t * o.x2 * scale + t * t * t * o.x * scale;
        const y = u * u * u * y0 + 3 * u * u * t * o.y1 * scale + 3 * u * t * t * o.y2 * scale + t * t * t * o.y * scale;
        current.push([x, y]);
      }
    }
  }
  if (current.length > 2) out.push(current);
  return out;
}

/** Even-odd scanline fill sampled at pixel centres, matching the vector formats' fill rule. */
function fillEvenOdd(bitmap: Bitmap, polys: Point[][]): void {
  const edges = polys.flatMap((p) => p.map((a, i) => [a, p[(i + 1) % p.length] as Point] as const));
  for (let y = 0; y < bitmap.height; y++) {
    const sy = y + 0.5;
    const xs: number[] = [];
    for (const [[x1, y1], [x2, y2]] of edges) {
      if ((y1 <= sy && y2 > sy) || (y2 <= sy && y1 > sy)) xs.push(x1 + ((sy - y1) / (y2 - y1)) * (x2 - x1));
    }
    xs.sort((a, b) => a - b);
    for (let i = 0; i + 1 < xs.length; i += 2) {
      const from = Math.max(0, Math.round(xs[i] as number));
      const to = Math.min(bitmap.width, Math.round(xs[i + 1] as number));
      bitmap.ink.fill(1, y * bitmap.width + from, y * bitmap.width + to);
    }
  }
}

/**
 * Rasterises the artwork at `pxPerMm`. Rectangle edges snap to the nearest pixel boundary, as a RIP's
 * would, so a module may be one pixel wider or narrower than its neighbour but the symbol never drifts.
 */
export function rasterise(a: Artwork, pxPerMm: number, withGlyphs = true): Bitmap {
  const width = Math.round(a.widthMm * pxPerMm);
  const height = Math.round(a.heightMm * pxPerMm);
  const bitmap: Bitmap = { width, height, ink: new Uint8Array(width * height) };
  for (const r of a.rects) {
    const x0 = Math.round(r.x * pxPerMm);
    const x1 = Math.min(width, Math.round((r.x + r.w) * pxPerMm));
    const y0 = Math.round(r.y * pxPerMm);
    const y1 = Math.min(height, Math.round((r.y + r.h) * pxPerMm));
    for (let y = y0; y < y1; y++) bitmap.ink.fill(1, y * width + x0, y * width + x1);
  }
  if (withGlyphs && a.glyphs.length > 0) fillEvenOdd(bitmap, polygons(a.glyphs, pxPerMm));
  return bitmap;
}
