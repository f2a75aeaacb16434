/**
 * Small JSON writers for the click record, each equal to JSON.stringify of its argument. JSON.stringify costs about
 * 150 ns a call even on a short string; most strings here (codes, domains, URLs, ISO dates, common user agents) need
 * no escaping, and one regular-expression test finds the ones that do, which JSON.stringify then writes.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f\u2028\u2029\ud800-\udfff]/;

export function jsonString(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}

/** A string-to-string record (a link's tags), in its own key order like JSON.stringify. */
export function jsonStringRecord(record: Readonly<Record<string, string>>): string {
  let out = '{';
  for (const key of Object.keys(record)) {
    if (out.length > 1) out += ',';
    out += `${jsonString(key)}:${jsonString(record[key] as string)}`;
  }
  return `${out}}`;
}

export function jsonStringArray(values: readonly string[]): string {
  let out = '[';
  for (let i = 0; i < values.length; i += 1) out += (i === 0 ? '' : ',') + jsonString(values[i] as string);
  return `${out}]`;
}
