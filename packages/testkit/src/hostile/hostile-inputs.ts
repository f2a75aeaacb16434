/**
 * The classes of hostile input that once reached a handler as a server fault (issue 27), and where each goes: every
 * path parameter, query parameter, body field and credential header of the OpenAPI document.
 */

/** Path parameter values, written into the path as they are (not encoded again). */
export const HOSTILE_PATH_VALUES = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  'a%00b',
  '%00',
  '..%2F..%2Fetc',
  '%2e%2e',
  'x'.repeat(2_000),
  '%F0%9F%98%80',
  '%D0%B0pple',
  '1e309',
  '-1',
  "'%3B--",
  '%5Cx',
];

/** Query values, written into the query string as they are. */
export const HOSTILE_QUERY_VALUES = [
  '%',
  '%zz',
  'a%00b',
  '%00',
  '1e309',
  '-1e309',
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '%E0%A4%A',
  '%ED%A0%80',
  'x'.repeat(3_000),
  '%5B%5D',
  '2026-02-30T25:61:00Z',
];

/** JSON texts put in place of one body field (raw text, so that numbers beyond a double stay as written). */
export const HOSTILE_JSON_VALUES = [
  '"a\\u0000b"',
  '"\\u0000"',
  '"\\ud800"',
  '"%"',
  '"\\\\\\\\x"',
  `"${'x'.repeat(20_000)}"`,
  '"日本\\u202e"',
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '1.7976931348623157e308',
  '-0',
  '1e-400',
  '3.5',
  '[1,"a",null]',
  '{"a":{"b":"\\u0000"}}',
  `${'['.repeat(3_000)}${']'.repeat(3_000)}`,
  `${'{"a":'.repeat(1_000)}1${'}'.repeat(1_000)}`,
  'null',
  'true',
  '{}',
  '[]',
  '"http://169.254.169.254/latest/meta-data/"',
  '"https:\\\\\\\\example.com"',
];

/** Whole bodies that are no JSON object at all. */
export const HOSTILE_BODIES = [
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  '{"a":"\\u0000"}',
  '1e400',
  '"\\u0000"',
  '{"__proto__":{"x":1}}',
];

/** Values of a documented header parameter (node's client refuses NUL and line breaks, as would any proxy). */
export const HOSTILE_HEADER_VALUES = ['%', '%00', '1e309', '-1', '\u00ff\u00fe', 'x'.repeat(4_000), ' ', '[]'];

/** Credential headers sent twice, or in forms node reads loosely. */
export const HOSTILE_HEADER_SETS = (key: string): Record<string, string | string[]>[] => [
  { 'x-api-key': [key, key] },
  { 'x-api-key': [key, 'wm_live_other'] },
  { authorization: [`Bearer ${key}`, 'Bearer wm_live_other'] },
  { authorization: `Bearer ${key}`, 'x-api-key': 'wm_live_other' },
  { authorization: `Bearer  ${key} ` },
  { authorization: 'Bearer' },
  { 'x-api-key': `${key}\u00ff` },
  { 'x-api-key': 'x'.repeat(8_000) },
  { 'content-type': 'application/json; charset=utf-16' },
];

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  allOf?: Schema[];
  oneOf?: Schema[];
};
type Document = { components?: { schemas?: Record<string, Schema> } };

/** A body field: the keys and array indexes from the body's root to it. */
export type FieldPath = (string | number)[];

/** Every field of a request body schema, nested objects and array items included, down to `maxDepth` keys. */
export function bodyFields(doc: Document, schema: Schema | undefined, maxDepth = 4): FieldPath[] {
  const fields: FieldPath[] = [];
  const visit = (node: Schema | undefined, path: FieldPath, depth: number, seen: Set<string>): void => {
    if (!node || depth > maxDepth) return;
    if (node.$ref) {
      const name = node.$ref.replace('#/components/schemas/', '');
      if (seen.has(name)) return;
      visit(doc.components?.schemas?.[name], path, depth, new Set([...seen, name]));
      return;
    }
    for (const alternative of [...(node.anyOf ?? []), ...(node.allOf ?? []), ...(node.oneOf ?? [])])
      visit(alternative, path, depth, seen);
    if (node.items) visit(node.items, [...path, 0], depth, seen);
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      fields.push([...path, key]);
      visit(child, [...path, key], depth + 1, seen);
    }
  };
  visit(schema, [], 1, new Set());
  return [...new Map(fields.map((f) => [f.join('.'), f])).values()];
}

const PLACEHOLDER = 'hostile-value-9f3c1e';

/** A body with `raw` (JSON text) at `path` and nothing else: `{records:[{destination: <raw>}]}`. */
export function bodyWith(path: FieldPath, raw: string): string {
  let value: unknown = PLACEHOLDER;
  for (const key of [...path].reverse()) value = typeof key === 'number' ? [value] : { [key]: value };
  return JSON.stringify(value).replace(`"${PLACEHOLDER}"`, raw);
}
