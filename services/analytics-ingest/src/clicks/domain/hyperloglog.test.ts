import { createHash } from 'node:crypto';
import { HLL_REGISTERS, hllEstimate, hllPoint } from './hyperloglog';

function estimate(hashes: bigint[]): number {
  const registers = new Map<number, number>();
  for (const hash of hashes) {
    const { reg, rho } = hllPoint(hash);
    registers.set(reg, Math.max(registers.get(reg) ?? 0, rho));
  }
  let inverse = 0;
  for (const rho of registers.values()) inverse += 2 ** -rho;
  return hllEstimate(registers.size, inverse);
}

/**
 * Hashes as uniform as random ones, but the same on every run (a register collision among random ones made the exact
 * small-set count fail now and then): the first 8 bytes of SHA-256 over distinct labels.
 */
const visitorHashes = (n: number, label = 'visitor') =>
  Array.from({ length: n }, (_, i) => createHash('sha256').update(`${label}-${i}`).digest().readBigInt64BE(0));

describe('HyperLogLog of visitors', () => {
  it('splits a hash into register and rank', () => {
    expect(hllPoint(-1n)).toEqual({ reg: HLL_REGISTERS - 1, rho: 1 });
    expect(hllPoint(1n)).toEqual({ reg: 0, rho: 52 });
    expect(hllPoint(0n)).toEqual({ reg: 0, rho: 53 });
  });

  it('counts small sets exactly and duplicates once', () => {
    expect(estimate([])).toBe(0);
    const hashes = visitorHashes(20);
    // Twenty visitors in twenty different registers of 4096: linear counting gives back twenty.
    expect(new Set(hashes.map((hash) => hllPoint(hash).reg)).size).toBe(20);
    expect(estimate([...hashes, ...hashes])).toBe(20);
  });

  it('stays within a few percent on large sets', () => {
    for (const n of [5_000, 50_000]) {
      expect(Math.abs(estimate(visitorHashes(n)) - n) / n).toBeLessThan(0.06);
    }
  });
});
