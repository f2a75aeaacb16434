import { createApi, type WaymarkApi, type WaymarkClientOptions } from './client';
import { gs1Exports, type Gs1Exports } from './gs1-exports';
import { paginate, type ListItem, type ListParams, type ListPath } from './pagination';

/** The typed API (`GET`, `POST`, ... from openapi-fetch) plus the few helpers a raw call does not give. */
export type WaymarkClient = WaymarkApi & {
  paginate<P extends ListPath>(path: P, params?: ListParams<P>): AsyncGenerator<ListItem<P>, void, undefined>;
  exports: Gs1Exports;
};

export function createWaymarkClient(options: WaymarkClientOptions): WaymarkClient {
  const api = createApi(options);
  return Object.assign(api, {
    paginate: <P extends ListPath>(path: P, params?: ListParams<P>) => paginate(api, path, params),
    exports: gs1Exports(api, options.fetch),
  });
}
