import { unzipSync, strFromU8 } from 'fflate';
import { gs1CheckDigit } from '@waymark/gs1';
import { waitFor } from '@waymark/testkit';
import type { System } from '../support/system';
import { onboardTenant, type Tenant } from '../support/tenant';
import { visit } from '../support/visitor';
import { waitForRedirect } from '../support/visits';

const gtin13 = (n: number) => {
  const body = `950600${String(n).padStart(6, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
};

/** A brand owner's GS1 work: import records, resolve them as a GS1 resolver, export artwork and download it. */
export function gs1Journey(system: () => System): void {
  describe('a brand owner with GS1 Digital Links', () => {
    let tenant: Tenant;
    const plain = gtin13(101);
    const rich = gtin13(102);
    const tag = `e2e-${Date.now().toString(36)}`;

    beforeAll(async () => {
      tenant = await onboardTenant(system(), { entitlements: ['resolver'] });
    }, 60_000);

    it('imports records in bulk; a bad check digit fails only its row', async () => {
      const bad = `${plain.slice(0, 12)}${(Number(plain[12]) + 1) % 10}`;
      const reply = await tenant.api.call('POST', '/v1/gs1/links/bulk', {
        tags: [tag],
        records: [
          { gtin: plain, batch: 'LOT1', destination: 'https://brand.example/plain' },
          {
            gtin: rich,
            linkset: [
              { linkType: 'gs1:pip', href: 'https://brand.example/pip', default: true },
              { linkType: 'gs1:recipeInfo', href: 'https://brand.example/recipes' },
            ],
          },
          { gtin: bad, destination: 'https://brand.example/bad' },
        ],
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ requested: 3, created: 2, failed: 1 });
      expect(reply.body.results.map((r: { code?: string }) => r.code).slice(0, 2)).toEqual([
        `01/0${plain}/10/LOT1`,
        `01/0${rich}`,
      ]);
    });

    it('resolves the Digital Links through the gateway as a GS1 resolver', async () => {
      await waitForRedirect(system(), tenant.domain, `/01/0${plain}/10/LOT1`, 'https://brand.example/plain');
      const answer = await visit(system().gateway.port, tenant.domain, `/01/0${plain}/10/LOT1`);
      expect(answer.status).toBe(307);
      await waitForRedirect(system(), tenant.domain, `/01/0${rich}`, 'https://brand.example/pip');
      expect((await visit(system().gateway.port, tenant.domain, `/01/0${rich}?linkType=gs1:recipeInfo`)).location).toBe(
        'https://brand.example/recipes',
      );
      const linkset = await visit(system().gateway.port, tenant.domain, `/01/0${rich}`, {
        headers: { accept: 'application/linkset+json' },
      });
      expect(linkset.status).toBe(200);
      expect(linkset.body).toContain('https://brand.example/recipes');
      expect((await visit(system().gateway.port, tenant.domain, '/.well-known/gs1resolver')).status).toBe(200);
      const invalid = await visit(system().gateway.port, tenant.domain, `/01/${plain.slice(0, 12)}0`);
      expect(invalid.status).toBe(400);
    });

    it('exports artwork, polls the job and downloads a zip with the manifest and one file per code', async () => {
      const created = await tenant.api.call('POST', '/v1/gs1/exports', {
        name: 'e2e-artwork',
        tags: [tag],
        symbologies: ['qr'],
        formats: ['svg'],
      });
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({ name: 'e2e-artwork', status: 'pending' });
      const job = await waitFor(
        async () => {
          const reply = await tenant.api.call('GET', `/v1/gs1/exports/${created.body.jobId}`);
          if (reply.body.status === 'failed') throw new Error(`export failed: ${reply.body.error}`);
          return reply.body.status === 'ready' && reply.body;
        },
        { timeoutMs: 60_000, intervalMs: 500, message: 'the export to be ready' },
      );
      expect(job).toMatchObject({ count: 2, truncated: false, urlExpiresIn: 604800 });
      const listed = await tenant.api.call('GET', '/v1/gs1/exports');
      expect(listed.body.jobs.map((j: { jobId: string }) => j.jobId)).toContain(created.body.jobId);
      const zip = await fetch(job.downloadUrl);
      expect(zip.status).toBe(200);
      const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      expect(Object.keys(files)).toEqual(
        expect.arrayContaining(['manifest.csv', 'README.txt', `01_0${plain}_10_LOT1.svg`, `01_0${rich}.svg`]),
      );
      const manifest = strFromU8(files['manifest.csv'] as Uint8Array)
        .trim()
        .split(/\r?\n/);
      expect(manifest[0]).toMatch(/^code,gtin,cpv,batch,serial,dl_url,destination,link_types,size_mm,module_mm,checks/);
      expect(manifest).toHaveLength(3);
      const deleted = await tenant.api.call('DELETE', `/v1/gs1/exports/${created.body.jobId}`);
      expect(deleted.status).toBe(204);
    });
  });
}
