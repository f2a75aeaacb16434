import { mergeOpenApi, OpenApiMergeError } from './merge-openapi';

const errorBody = { type: 'object', properties: { error: { type: 'string' }, code: { type: 'string' } } };

function doc(
  paths: Record<string, Record<string, unknown>>,
  schemas: Record<string, unknown> = {},
  tags?: { name: string }[],
) {
  return {
    openapi: '3.0.0',
    info: { title: 'a service', version: '0.1.0', description: 'boilerplate' },
    paths,
    components: { schemas, securitySchemes: { api_key: { type: 'apiKey', name: 'x-api-key', in: 'header' } } },
    ...(tags ? { tags } : {}),
  };
}

describe('mergeOpenApi', () => {
  it('unites paths and components of several services under one title and version', () => {
    const links = doc(
      { '/v1/links': { get: { operationId: 'ListLinks' }, post: { operationId: 'CreateLink' } } },
      { Link: { type: 'object' }, HttpErrorBody: errorBody },
      [{ name: 'Links' }],
    );
    const channels = doc(
      { '/v1/channels': { get: { operationId: 'ListChannels' } } },
      { Channel: { type: 'object' }, HttpErrorBody: errorBody },
      [{ name: 'Channels' }],
    );
    const merged = mergeOpenApi([links, channels], { title: 'Waymark API', version: '1.0' });
    expect(merged.openapi).toBe('3.0.0');
    expect(merged.info).toEqual({ title: 'Waymark API', version: '1.0' });
    expect(Object.keys(merged.paths)).toEqual(['/v1/channels', '/v1/links']);
    expect(Object.keys(merged.paths['/v1/links'] ?? {})).toEqual(['get', 'post']);
    expect(Object.keys(merged.components.schemas ?? {}).sort()).toEqual(['Channel', 'HttpErrorBody', 'Link']);
    expect(merged.components.securitySchemes).toEqual({ api_key: { type: 'apiKey', name: 'x-api-key', in: 'header' } });
    expect(merged.tags).toEqual([{ name: 'Links' }, { name: 'Channels' }]);
  });

  it('merges different methods of one path from different services', () => {
    const a = doc({ '/v1/gs1/exports': { post: { operationId: 'CreateExport' } } });
    const b = doc({ '/v1/gs1/exports': { get: { operationId: 'ListExports' } } });
    expect(Object.keys(mergeOpenApi([a, b], { title: 't', version: '1.0' }).paths['/v1/gs1/exports'] ?? {})).toEqual([
      'post',
      'get',
    ]);
  });

  it("adds the responses every operation may give, keeping an operation's own response of that status", () => {
    const unreachable = { description: 'unavailable: a dependency is unreachable' };
    const own = { description: 'unavailable: the confirmation mail could not be sent' };
    const links = doc({
      '/v1/links': { get: { operationId: 'ListLinks', responses: { '200': { description: 'ok' } } } },
    });
    const channels = doc({ '/v1/channels': { post: { operationId: 'CreateChannel', responses: { '503': own } } } });
    const merged = mergeOpenApi([links, channels], {
      title: 't',
      version: '1.0',
      everyOperationMayAnswer: { '503': unreachable },
    });
    expect(merged.paths['/v1/links']?.get).toEqual({
      operationId: 'ListLinks',
      responses: { '200': { description: 'ok' }, '503': unreachable },
    });
    expect(merged.paths['/v1/channels']?.post).toEqual({ operationId: 'CreateChannel', responses: { '503': own } });
  });

  it('fails loudly when two services declare the same operation', () => {
    const a = doc({ '/v1/links': { get: {} } });
    const b = doc({ '/v1/links': { get: {} } });
    expect(() => mergeOpenApi([a, b], { title: 't', version: '1.0' })).toThrow(
      new OpenApiMergeError('GET /v1/links is declared by two documents (second: 1)'),
    );
  });

  it('fails loudly when one component name has two definitions', () => {
    const a = doc({}, { Link: { type: 'object', properties: { code: { type: 'string' } } } });
    const b = doc({}, { Link: { type: 'object', properties: { code: { type: 'number' } } } });
    expect(() => mergeOpenApi([a, b], { title: 't', version: '1.0' })).toThrow(/components\.schemas\.Link differs/);
  });

  it('refuses documents that are not OpenAPI 3, mixed versions, or nothing at all', () => {
    expect(() => mergeOpenApi([{ swagger: '2.0', paths: {} }], { title: 't', version: '1.0' })).toThrow(
      /not an OpenAPI 3 document/,
    );
    expect(() => mergeOpenApi([doc({}), { ...doc({}), openapi: '3.1.0' }], { title: 't', version: '1.0' })).toThrow(
      /mix OpenAPI versions/,
    );
    expect(() => mergeOpenApi([], { title: 't', version: '1.0' })).toThrow(/no documents/);
  });
});
