import { readFileSync } from 'node:fs';
import { API_SERVICES, openApiPathOf } from '../../src/http/links/public-openapi';

interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  maxItems?: number;
  maxLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}

interface Document {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
}

/** Every array without maxItems and every free string without maxLength reachable from a request body. */
function unbounded(doc: Document, body: Schema): string[] {
  const found: string[] = [];
  const visited = new Set<string>();
  const walk = (schema: Schema | undefined, at: string): void => {
    if (!schema) return;
    if (schema.$ref) {
      const name = schema.$ref.split('/').pop()!;
      if (visited.has(name)) return;
      visited.add(name);
      walk(doc.components.schemas[name], name);
      return;
    }
    for (const member of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(member, at);
    if (schema.type === 'array') {
      if (schema.maxItems === undefined) found.push(`${at}: no maxItems`);
      walk(schema.items, `${at}[]`);
    }
    if (schema.type === 'string' && !schema.enum && schema.maxLength === undefined) found.push(`${at}: no maxLength`);
    for (const [name, property] of Object.entries(schema.properties ?? {})) walk(property, `${at}.${name}`);
    if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${at}.*`);
  };
  walk(body, 'body');
  return found;
}

describe('request schemas bound what a client can send', () => {
  it.each(API_SERVICES)(
    '%s: every array in a request body has maxItems and every string maxLength (operator API included)',
    (service) => {
      const doc = JSON.parse(readFileSync(openApiPathOf(service), 'utf8')) as Document;
      const findings: string[] = [];
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          for (const media of Object.values(operation.requestBody?.content ?? {})) {
            if (!media.schema) continue;
            for (const finding of unbounded(doc, media.schema))
              findings.push(`${method.toUpperCase()} ${path} ${finding}`);
          }
        }
      }
      expect(findings).toEqual([]);
    },
  );
});
