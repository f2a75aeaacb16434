import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXPORT_BUDGET, Gs1ExportWrite } from '@waymark/contracts';
import { uniqueName } from '@waymark/testkit';
import { exportOptionsSchema } from '../../../export-renderer/src/artwork/domain/export-options';
import { api, newTenant, startGs1Catalog, type Gs1Catalog, type TestTenant } from '../support/gs1-harness';
import { gtin13 } from '../support/gtins';

let catalog: Gs1Catalog;
let t: TestTenant;

beforeAll(async () => {
  catalog = await startGs1Catalog({ EXPORT_STATUS_GROUP: uniqueName('status') });
  t = await newTenant(catalog);
  const records = Array.from({ length: 60 }, (_, i) => ({
    gtin: gtin13(700 + i),
    batch: `B${i}`,
    destination: 'https://brand.example.com/p',
    tags: i < 10 ? ['few'] : [],
  }));
  expect((await api(catalog, t, 'POST', '/v1/gs1/links/bulk', { records })).body.created).toBe(60);
});

afterAll(async () => {
  await catalog?.stop();
});

describe('the render budget', () => {
  it('refuses a raster copy over the per-symbol limit at creation, saying the limit', async () => {
    for (const body of [
      { sizeMm: 1000, raster: 'png600' },
      { sizeMode: 'xdim', xdimMm: 20, raster: 'tiff300' },
    ]) {
      const response = await api(catalog, t, 'POST', '/v1/gs1/exports', body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_failed', details: [{ path: 'raster' }] });
      expect(response.body.error).toContain(`the limit is ${EXPORT_BUDGET.rasterPixelsPerSymbol} px per symbol`);
    }
  });

  it('refuses a job whose codes together are over the per-job budget, and takes the same options for fewer codes', async () => {
    // Three 211 mm symbols per code at 600 dpi, each within its limit: 60 codes are over the job budget, 10 are not.
    const heavy = { symbologies: ['qr', 'dm'], ean13: true, sizeMm: 211, raster: 'png600' };
    const refused = await api(catalog, t, 'POST', '/v1/gs1/exports', heavy);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', details: [{ path: 'raster' }] });
    expect(refused.body.error).toContain(`60 codes with raster png600`);
    expect(refused.body.error).toContain(`the limit is ${EXPORT_BUDGET.rasterPixelsPerJob} raster px per export`);
    expect((await api(catalog, t, 'POST', '/v1/gs1/exports', { ...heavy, tags: ['few'] })).status).toBe(202);
  });
});

describe('one set of export option limits', () => {
  it('refuses 40,000 symbologies in a bounded time with a bounded error body', async () => {
    const symbologies = Array.from({ length: 40_000 }, (_, i) => `sym${i}`);
    const started = performance.now();
    const response = await api(catalog, t, 'POST', '/v1/gs1/exports', { symbologies });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'body.symbologies: must have at most 2 items (it has 40000)',
      code: 'validation_failed',
      details: [{ path: 'body.symbologies', message: 'must have at most 2 items (it has 40000)' }],
    });
  });

  const long = (n: number) => 'A'.repeat(n);
  // Each limit and the value just past it; the API's answer and the renderer's parse must agree on every one.
  const cases: Array<[Record<string, unknown>, boolean]> = [
    [{ sizeMm: 1000 }, true],
    [{ sizeMm: 1000.5 }, false],
    [{ sizeMode: 'xdim', xdimMm: 20 }, true],
    [{ sizeMode: 'xdim', xdimMm: 20.5 }, false],
    [{ bleedMm: 10 }, true],
    [{ bleedMm: 10.5 }, false],
    [{ ink: 'spot', spotName: long(63) }, true],
    [{ ink: 'spot', spotName: long(64) }, false],
    [{ iccIntent: long(64) }, true],
    [{ iccIntent: long(65) }, false],
    [{ sizeMm: 211, raster: 'png600' }, true],
    [{ sizeMm: 212, raster: 'png600' }, false],
  ];

  it.each(cases)('%j: the API and the renderer agree (accepted: %s)', async (options, accepted) => {
    expect(exportOptionsSchema.safeParse(options).success).toBe(accepted);
    const response = await api(catalog, t, 'POST', '/v1/gs1/exports', { ...options, query: 'no-such-code' });
    expect(response.status).toBe(accepted ? 202 : 400);
  });

  it('the OpenAPI document states the same limits as the schema both use', () => {
    // gs1-catalog's generated document: link-api merges it into the one it serves at GET /v1/openapi.json.
    const served = JSON.parse(readFileSync(path.join(__dirname, '../../src/generated/openapi.json'), 'utf8')) as {
      components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
    };
    const documented = served.components.schemas.Gs1ExportWriteView!.properties;
    const schema = Gs1ExportWrite.toJSONSchema({ io: 'input' }) as {
      properties: Record<string, Record<string, unknown>>;
    };
    for (const [field, keyword] of [
      ['sizeMm', 'maximum'],
      ['xdimMm', 'maximum'],
      ['bleedMm', 'minimum'],
      ['bleedMm', 'maximum'],
      ['spotName', 'maxLength'],
      ['iccIntent', 'maxLength'],
      ['name', 'maxLength'],
      ['query', 'maxLength'],
      ['tags', 'maxItems'],
      ['symbologies', 'maxItems'],
      ['formats', 'maxItems'],
    ] as const) {
      expect([field, keyword, documented[field]?.[keyword]]).toEqual([
        field,
        keyword,
        schema.properties[field]?.[keyword],
      ]);
    }
    expect(documented.raster?.description).toContain(`${EXPORT_BUDGET.rasterPixelsPerSymbol} px per symbol`);
    expect(documented.raster?.description).toContain(`${EXPORT_BUDGET.rasterPixelsPerJob} raster px per export`);
  });
});
