/** One preference of an `Accept` or `Accept-Language` header. */
export interface Preference {
  readonly value: string;
  readonly q: number;
}

/**
 * Parses `fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5` into preferences, highest quality first (header order breaks ties),
 * values lower-cased; `q=0` (not acceptable) and malformed entries are left out.
 */
export function parsePreferences(header: string | undefined): Preference[] {
  if (header === undefined || header.trim() === '') return [];
  const out: Array<Preference & { index: number }> = [];
  header.split(',').forEach((part, index) => {
    const [raw = '', ...params] = part.split(';').map((p) => p.trim());
    const qParam = params.find((p) => /^q=/i.test(p));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (raw === '' || !Number.isFinite(q) || q <= 0) return;
    out.push({ value: raw.toLowerCase(), q, index });
  });
  return out.sort((a, b) => b.q - a.q || a.index - b.index).map(({ value, q }) => ({ value, q }));
}
