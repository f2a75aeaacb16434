/** Fixed-precision numbers without trailing zeros: 4 decimals of a millimetre or point is far below any device's resolution. */
export function num(n: number): string {
  const s = n.toFixed(4);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

export const PT_PER_MM = 72 / 25.4;
