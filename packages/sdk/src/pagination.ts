import type { paths } from './generated/api';
import type { WaymarkApi } from './client';
import { WaymarkApiError } from './api-error';

/** The cursor lists of the API and the field that holds each page's items. */
export const LIST_ITEMS = {
  '/v1/links': 'links',
  '/v1/channels': 'channels',
  '/v1/channels/{id}/deliveries': 'deliveries',
  '/v1/gs1/links': 'links',
  '/v1/gs1/exports': 'jobs',
} as const;

export type ListPath = keyof typeof LIST_ITEMS;
type ListOperation<P extends ListPath> = paths[P]['get'];
type Page<P extends ListPath> = ListOperation<P>['responses'][200]['content']['application/json'];
export type ListItem<P extends ListPath> = Page<P> extends Record<(typeof LIST_ITEMS)[P], (infer T)[]> ? T : never;
type Parameters<P extends ListPath> = ListOperation<P>['parameters'];
export type ListParams<P extends ListPath> = {
  query?: Omit<NonNullable<Parameters<P>['query']>, 'cursor'>;
} & (Parameters<P>['path'] extends Record<string, unknown> ? { path: Parameters<P>['path'] } : { path?: never });

type UntypedGet = (
  path: string,
  init: { params: object },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * Every item of a cursor list, fetching the next page only when the previous one is used up:
 * `for await (const link of waymark.paginate('/v1/links', { query: { tag: 'spring' } }))`.
 */
export async function* paginate<P extends ListPath>(
  api: WaymarkApi,
  path: P,
  params?: ListParams<P>,
): AsyncGenerator<ListItem<P>, void, undefined> {
  const get = api.GET as unknown as UntypedGet;
  let cursor: string | undefined;
  do {
    const query = { ...(params?.query ?? {}), ...(cursor === undefined ? {} : { cursor }) };
    const { data, error, response } = await get(path, { params: { query, path: params?.path } });
    if (!response.ok || data === undefined) throw WaymarkApiError.from(response, error);
    const page = data as Record<string, unknown> & { nextCursor: string | null };
    yield* page[LIST_ITEMS[path]] as ListItem<P>[];
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
