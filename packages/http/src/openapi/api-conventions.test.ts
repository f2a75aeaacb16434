import { withApiConventions } from './api-conventions';
import type { MergedOpenApi } from './merge-openapi';

const OPTIONS = { servers: [], tags: [], apiKeyScheme: 'api_key', idempotentPosts: false };
const NULL_ONLY = { type: 'object', nullable: true, enum: [null] };

/** A document whose one schema, Job, has the property `progress` as tsoa writes it. */
function jobWith(progress: Record<string, unknown>): MergedOpenApi {
  return {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: {
      schemas: {
        Progress: { type: 'object', properties: { done: { type: 'number' } }, required: ['done'] },
        DateTime: { type: 'string', format: 'date-time' },
        Job: { type: 'object', properties: { progress } },
      },
    },
  };
}

const progressOf = (doc: MergedOpenApi) =>
  (doc.components.schemas as { Job: { properties: { progress: unknown } } }).Job.properties.progress;

describe('nullable references in the public document', () => {
  it.each([
    [
      'with `type` beside `allOf`',
      { allOf: [{ $ref: '#/components/schemas/Progress' }], type: 'object', nullable: true },
    ],
    ['beside a bare `$ref`', { $ref: '#/components/schemas/Progress', nullable: true }],
  ])('are an anyOf of the object and null alone, which strict validators accept for null (%s)', (_form, progress) => {
    const written = progressOf(withApiConventions(jobWith({ ...progress, description: 'while rendering' }), OPTIONS));
    expect(written).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Progress' }, NULL_ONLY],
      description: 'while rendering',
    });
  });

  it('inline a nullable scalar alias with `nullable` beside its type', () => {
    const written = progressOf(
      withApiConventions(jobWith({ $ref: '#/components/schemas/DateTime', nullable: true }), OPTIONS),
    );
    expect(written).toEqual({ type: 'string', format: 'date-time', nullable: true });
  });

  it('keep a described reference that is not nullable as allOf of the one $ref', () => {
    const written = progressOf(
      withApiConventions(jobWith({ $ref: '#/components/schemas/Progress', description: 'd' }), OPTIONS),
    );
    expect(written).toEqual({ allOf: [{ $ref: '#/components/schemas/Progress' }], description: 'd' });
  });
});
