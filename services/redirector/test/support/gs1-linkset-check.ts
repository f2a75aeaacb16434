/*
 * The constraints of the GS1 linkset schema (gs1-linkset-schema.json of GS1's resolver test suite), written as our
 * own check rather than a copy of the schema. One deliberate difference: the schema's anchor and href patterns
 * (`^https?://[A-Za-z0-9./]+$`) refuse hyphens, ports, percent-encoding and query strings, which real Digital Links
 * and destinations carry; they are checked here as absolute http(s) URLs instead.
 */
const LINK_KEYS = new Set(['href', 'title', 'hreflang', 'type', 'context', 'fwqs', 'public']);
const CONTEXT_KEYS = new Set(['anchor', 'itemDescription', 'description']);

const isHttpUrl = (v: unknown): boolean => typeof v === 'string' && /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v);
const isStringArray = (v: unknown): boolean => Array.isArray(v) && v.every((s) => typeof s === 'string');

function linkProblems(where: string, link: unknown): string[] {
  if (typeof link !== 'object' || link === null) return [`${where} is not an object`];
  const l = link as Record<string, unknown>;
  const problems = Object.keys(l)
    .filter((k) => !LINK_KEYS.has(k))
    .map((k) => `${where} has the extra property ${k}`);
  if (!isHttpUrl(l.href)) problems.push(`${where}.href is not an http(s) URL`);
  if (typeof l.title !== 'string') problems.push(`${where} has no title`);
  if (l.hreflang !== undefined && !isStringArray(l.hreflang))
    problems.push(`${where}.hreflang is not an array of strings`);
  if (l.type !== undefined && !(typeof l.type === 'string' && /\w+\/[-+.\w]+/.test(l.type)))
    problems.push(`${where}.type is not a media type`);
  if (l.context !== undefined && !isStringArray(l.context))
    problems.push(`${where}.context is not an array of strings`);
  return problems;
}

/** Every way `doc` breaks the GS1 linkset schema; empty when it conforms. */
export function gs1LinksetProblems(doc: unknown): string[] {
  if (typeof doc !== 'object' || doc === null) return ['not an object'];
  const root = doc as Record<string, unknown>;
  const problems = Object.keys(root)
    .filter((k) => k !== 'linkset')
    .map((k) => `extra top-level property ${k}`);
  if (!Array.isArray(root.linkset)) return [...problems, 'linkset is not an array'];
  root.linkset.forEach((context: unknown, i) => {
    const c = (context ?? {}) as Record<string, unknown>;
    if (!isHttpUrl(c.anchor)) problems.push(`linkset[${i}].anchor is not an http(s) URL`);
    for (const key of ['itemDescription', 'description']) {
      if (c[key] !== undefined && typeof c[key] !== 'string') problems.push(`linkset[${i}].${key} is not a string`);
    }
    for (const [relation, links] of Object.entries(c)) {
      if (CONTEXT_KEYS.has(relation)) continue;
      if (!/^[a-z-]+$/.test(relation) && !isHttpUrl(relation))
        problems.push(`linkset[${i}] has the property ${relation}, not a relation`);
      else if (!Array.isArray(links)) problems.push(`linkset[${i}]["${relation}"] is not an array`);
      else
        links.forEach((link: unknown, j) => problems.push(...linkProblems(`linkset[${i}]["${relation}"][${j}]`, link)));
    }
  });
  return problems;
}
