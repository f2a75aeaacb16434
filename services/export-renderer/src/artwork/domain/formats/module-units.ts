import type { Artwork } from '../layout/artwork';

/**
 * The artwork's rectangles as x, y, w, h in whole modules (four integers per rectangle), when every one of them is
 * (2D symbols and EAN-13 bars are laid out on the module grid); null otherwise. Writers use it to format a few
 * numbers per grid line instead of four per rectangle.
 */
export function moduleUnits(a: Artwork): Int32Array | null {
  const out = new Int32Array(a.rects.length * 4);
  const m = a.moduleMm;
  let i = 0;
  for (const r of a.rects) {
    for (const v of [r.x / m, r.y / m, r.w / m, r.h / m]) {
      const k = Math.round(v);
      if (Math.abs(v - k) > 1e-6) return null;
      out[i++] = k;
    }
  }
  return out;
}

/** num(f(i)) for integer i, each formatted once. */
export function formattedOnce(f: (i: number) => string): (i: number) => string {
  const cache: string[] = [];
  return (i) => (cache[i] ??= f(i));
}
