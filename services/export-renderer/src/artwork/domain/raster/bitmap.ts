import type { Artwork } from '../layout/artwork';
import { EM, glyph, type PlacedGlyph } from '../hri/ocrb-outlines';

/** One byte per pixel, 1 = ink; rows top to bottom. */
export interface Bitmap {
  readonly width: number;
  readonly height: number;
  readonly ink: Uint8Array;
}

type Point = [number, number];

/** Glyph outlines as closed polygons in pixels, each cubic flattened into 8 segments (sub-pixel at 600 dpi). */
function polygons(placed: readonly PlacedGlyph[], pxPerMm: number): Point[][] {
  const out: Point[][] = [];
  for (const p of placed) {
    const k = (p.sizeMm / EM) * pxPerMm;
    const tx = (x: number) => p.x * pxPerMm + x * k;
    const ty = (y: number) => p.y * pxPerMm - y * k;
    let current: Point[] = [];
    for (const o of glyph(p.ch).ops) {
      if (o.op === 'M') {
        if (current.length > 2) out.push(current);
        current = [[tx(o.x), ty(o.y)]];
      } else if (o.op === 'L') current.push([tx(o.x), ty(o.y)]);
      else if (o.op === 'C') {
        const [x0, y0] = current[current.length - 1] ?? [0, 0];
        const [x1, y1, x2, y2, x3, y3] = [tx(o.x1), ty(o.y1), tx(o.x2), ty(o.y2), tx(o.x), ty(o.y)];
        for (let i = 1; i <= 8; i++) {
          const t = i / 8;
          const u = 1 - t;
          current.push([
            u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
            u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3,
          ]);
        }
      }
    }
    if (current.length > 2) out.push(current);
  }
  return out;
}

/** Even-odd scanline fill sampled at pixel centres, matching the vector formats' fill rule. */
function fillEvenOdd(bitmap: Bitmap, polys: Point[][]): void {
  // Edges bucketed by the first pixel row whose centre they cross, so each row only sees the edges it crosses.
  type Edge = { x1: number; y1: number; x2: number; y2: number };
  const starts: Edge[][] = Array.from({ length: bitmap.height }, () => []);
  for (const p of polys) {
    p.forEach((a, i) => {
      const b = p[(i + 1) % p.length] as Point;
      if (a[1] === b[1]) return;
      const top = Math.max(0, Math.ceil(Math.min(a[1], b[1]) - 0.5));
      if (top < bitmap.height) starts[top]!.push({ x1: a[0], y1: a[1], x2: b[0], y2: b[1] });
    });
  }
  let active: Edge[] = [];
  for (let y = 0; y < bitmap.height; y++) {
    const sy = y + 0.5;
    active = active.concat(starts[y]!).filter((e) => Math.max(e.y1, e.y2) > sy);
    const xs: number[] = [];
    for (const e of active) {
      if ((e.y1 <= sy && e.y2 > sy) || (e.y2 <= sy && e.y1 > sy))
        xs.push(e.x1 + ((sy - e.y1) / (e.y2 - e.y1)) * (e.x2 - e.x1));
    }
    xs.sort((a, b) => a - b);
    for (let i = 0; i + 1 < xs.length; i += 2) {
      const from = Math.max(0, Math.round(xs[i] as number));
      const to = Math.min(bitmap.width, Math.round(xs[i + 1] as number));
      if (to > from) bitmap.ink.fill(1, y * bitmap.width + from, y * bitmap.width + to);
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
