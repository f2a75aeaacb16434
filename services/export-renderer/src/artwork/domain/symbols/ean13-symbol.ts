import bwipjs from 'bwip-js';

/** A bar of an EAN-13, in modules from the left edge of the start guard. Guard bars extend below the others. */
export interface Ean13Bar {
  readonly x: number;
  readonly width: number;
  readonly guard: boolean;
}

export interface Ean13Symbol {
  readonly digits: string;
  /** Always 95: 3 + 42 + 5 + 42 + 3 modules. */
  readonly widthModules: number;
  readonly bars: readonly Ean13Bar[];
}

/** EAN-13 of 13 digits (the check digit is verified by bwip-js, which throws on a wrong one). */
export function ean13Symbol(digits: string): Ean13Symbol {
  const [symbol] = bwipjs.raw('ean13', digits, {});
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js returned no EAN-13 bar widths');
  const tallest = Math.max(...symbol.bhs);
  const bars: Ean13Bar[] = [];
  let x = 0;
  symbol.sbs.forEach((width, i) => {
    // sbs alternates bar, space, bar ... starting with a bar; bhs has one height per bar.
    if (i % 2 === 0) bars.push({ x, width, guard: (symbol.bhs[i / 2] ?? 0) >= tallest });
    x += width;
  });
  return { digits, widthModules: x, bars };
}
