/** Raw sums as the store returns them; bots and total are derived. */
export interface RawCounts {
  clicks: number;
  scans: number;
  humans: number;
}

export const ZERO: RawCounts = { clicks: 0, scans: 0, humans: 0 };

export function addCounts(a: RawCounts, b: RawCounts): RawCounts {
  return { clicks: a.clicks + b.clicks, scans: a.scans + b.scans, humans: a.humans + b.humans };
}

export function present(c: RawCounts): { total: number; clicks: number; scans: number; humans: number; bots: number } {
  const total = c.clicks + c.scans;
  return { total, clicks: c.clicks, scans: c.scans, humans: c.humans, bots: total - c.humans };
}

/** Keys sorted by total descending, then by key, cut to `limit`. */
export function topEntries<K>(
  entries: Array<[K, RawCounts]>,
  limit: number,
  keyText: (k: K) => string,
): Array<[K, RawCounts]> {
  return [...entries]
    .sort((a, b) => b[1].clicks + b[1].scans - (a[1].clicks + a[1].scans) || keyText(a[0]).localeCompare(keyText(b[0])))
    .slice(0, limit);
}
