import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/** The parts of an OpenAPI 3 document that merging touches; everything else in `info` etc. is replaced. */
const openApiDocument = z.looseObject({
  openapi: z.string().regex(/^3\./, 'must be an OpenAPI 3 document'),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
  components: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
  tags: z.array(z.looseObject({ name: z.string() })).optional(),
  security: z.array(z.unknown()).optional(),
});

export type OpenApiDocument = z.input<typeof openApiDocument>;

export interface MergedOpenApi {
  openapi: string;
  info: { title: string; version: string; description?: string; contact?: object; license?: object };
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  tags?: { name: string; description?: string }[];
}

export interface MergeOpenApiOptions {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
  /**
   * Responses any operation can give whatever its controller declares (by status: 503 while a dependency is
   * unreachable), added to every operation that does not declare that status itself.
   */
  readonly everyOperationMayAnswer?: Readonly<Record<string, unknown>>;
}

export class OpenApiMergeError extends Error {
  override readonly name = 'OpenApiMergeError';
}

/**
 * Merges the services' tsoa documents into the one public description. A path+method declared twice, or a
 * component of one name with two different definitions, is a contract conflict between services: it throws
 * instead of letting one service silently shadow another. Identical shared components (the error body) merge.
 */
export function mergeOpenApi(documents: readonly unknown[], options: MergeOpenApiOptions): MergedOpenApi {
  if (documents.length === 0) throw new OpenApiMergeError('Nothing to merge: no documents given');
  const parsed = documents.map((doc, i) => {
    const result = openApiDocument.safeParse(doc);
    if (!result.success)
      throw new OpenApiMergeError(`Document ${i} is not an OpenAPI 3 document: ${result.error.message}`);
    return result.data;
  });
  const versions = new Set(parsed.map((d) => d.openapi));
  if (versions.size > 1) throw new OpenApiMergeError(`Documents mix OpenAPI versions: ${[...versions].join(', ')}`);

  const paths: MergedOpenApi['paths'] = {};
  const components: MergedOpenApi['components'] = {};
  const tags = new Map<string, { name: string }>();
  parsed.forEach((doc, i) => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      const target = (paths[path] ??= {});
      for (const [method, operation] of Object.entries(operations)) {
        if (method in target)
          throw new OpenApiMergeError(`${method.toUpperCase()} ${path} is declared by two documents (second: ${i})`);
        target[method] = operation;
      }
    }
    for (const [section, entries] of Object.entries(doc.components)) {
      const target = (components[section] ??= {});
      for (const [name, definition] of Object.entries(entries)) {
        if (name in target && !isDeepStrictEqual(target[name], definition)) {
          throw new OpenApiMergeError(`components.${section}.${name} differs between documents (second: ${i})`);
        }
        target[name] = definition;
      }
    }
    for (const tag of doc.tags ?? []) if (!tags.has(tag.name)) tags.set(tag.name, tag);
  });

  for (const operations of Object.values(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      operations[method] = withCommonResponses(operation, options.everyOperationMayAnswer ?? {});
    }
  }

  const merged: MergedOpenApi = {
    openapi: parsed[0]?.openapi ?? '3.0.0',
    info: {
      title: options.title,
      version: options.version,
      ...(options.description ? { description: options.description } : {}),
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components,
  };
  if (tags.size > 0) merged.tags = [...tags.values()];
  return merged;
}

function withCommonResponses(operation: unknown, common: Readonly<Record<string, unknown>>): unknown {
  if (Object.keys(common).length === 0 || typeof operation !== 'object' || operation === null) return operation;
  const declared = ((operation as { responses?: Record<string, unknown> }).responses ?? {}) as Record<string, unknown>;
  return { ...operation, responses: { ...common, ...declared } };
}
