import { ExpressTemplateService, ValidateError, type TsoaRoute } from '@tsoa/runtime';
import type { Request, Response } from 'express';
import { MAX_REPORTED_ISSUES } from '@waymark/contracts';
import { mapError } from '../errors/error-mapping';
import { BoundedTemplateService } from './bounded-template-service';

/** The shape tsoa generates for link-api's `ApiKeyCreate`: an array of a string-literal union behind an alias. */
const models: TsoaRoute.Models = {
  Scope: {
    dataType: 'refAlias',
    type: {
      dataType: 'union',
      subSchemas: [
        { dataType: 'enum', enums: ['links:read'] },
        { dataType: 'enum', enums: ['qr'] },
      ],
    },
  },
  KeyCreate: {
    dataType: 'refObject',
    properties: {
      name: { dataType: 'string' },
      scopes: {
        dataType: 'array',
        array: { dataType: 'refAlias', ref: 'Scope' },
        required: true,
        validators: { maxItems: { value: 9 } },
      },
      // No maxItems: only the body limit bounds it, as for a schema that forgot one.
      labels: { dataType: 'array', array: { dataType: 'refAlias', ref: 'Scope' } },
    },
    additionalProperties: false,
  },
};
const config = { noImplicitAdditionalProperties: 'throw-on-extras', bodyCoercion: true } as const;
const args = { body: { in: 'body', name: 'body', required: true, ref: 'KeyCreate' } } as const;

function validate(service: ExpressTemplateService, body: unknown): ValidateError {
  try {
    service.getValidatedArgs({ args, request: { body } as Request, response: {} as Response });
  } catch (err) {
    if (err instanceof ValidateError) return err;
    throw err;
  }
  throw new Error('expected a ValidateError');
}

const bogus = (n: number) => Array.from({ length: n }, (_, i) => `bogus-${i}`);

describe('BoundedTemplateService', () => {
  it('refuses 20,000 items over maxItems before checking any of them', () => {
    const started = performance.now();
    const err = validate(new BoundedTemplateService(models, config), { scopes: bogus(20_000) });
    // Checking the 20,000 items takes seconds (see below); refusing the array first takes next to nothing.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(mapError(err).body).toEqual({
      error: 'body.scopes: must have at most 9 items (it has 20000)',
      code: 'validation_failed',
      details: [{ path: 'body.scopes', message: 'must have at most 9 items (it has 20000)' }],
    });
  });

  it('keeps the first issues of 20,000 bad items and counts the rest, in linear time', () => {
    const started = performance.now();
    const err = validate(new BoundedTemplateService(models, config), { scopes: ['qr'], labels: bogus(20_000), x: 1 });
    const elapsed = performance.now() - started;
    expect(Object.keys(err.fields)).toHaveLength(MAX_REPORTED_ISSUES);
    const mapped = mapError(err);
    expect(mapped.status).toBe(400);
    expect(mapped.body.details).toHaveLength(MAX_REPORTED_ISSUES);
    expect(mapped.body.error).toMatch(/^labels\.\$0: .+ \(and 20000 more; details lists the first 20\)$/);
    expect(JSON.stringify(mapped.body).length).toBeLessThan(32 * 1024);
    // tsoa's union check of an item is slow but constant; what must not happen is the square.
    expect(elapsed).toBeLessThan(10_000);
  });

  it('grows with the array, not with its square', () => {
    const service = new BoundedTemplateService(models, config);
    const time = (n: number) => {
      const started = performance.now();
      validate(service, { scopes: ['qr'], labels: bogus(n) });
      return performance.now() - started;
    };
    time(500);
    const small = Math.min(time(500), time(500), time(500));
    const large = Math.min(time(4_000), time(4_000), time(4_000));
    // Linear: 8x the items, about 8x the time; quadratic would be 64x.
    expect(large / small).toBeLessThan(24);
  });

  it('reports every issue, as before, while there are few', () => {
    const err = validate(new BoundedTemplateService(models, config), { scopes: ['qr', 'nope'], name: 5 });
    expect(mapError(err).body).toMatchObject({
      code: 'validation_failed',
      details: [
        { path: 'body.name', message: 'invalid string value' },
        { path: 'scopes.$1', message: expect.stringMatching(/Could not match the union/) },
      ],
      error: expect.stringMatching(/\(and 1 more\)$/),
    });
  });

  it('still accepts what is valid', () => {
    const [body] = new BoundedTemplateService(models, config).getValidatedArgs({
      args,
      request: { body: { scopes: ['qr', 'links:read'] } } as Request,
      response: {} as Response,
    });
    expect(body).toEqual({ scopes: ['qr', 'links:read'] });
  });
});
