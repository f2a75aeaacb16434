import { unzipSync, strFromU8 } from 'fflate';
import { gs1CheckDigit } from '@waymark/gs1';
import { waitFor } from '@waymark/testkit';
import type { System } from '../support/system';
import { onboardTenant, type Tenant } from '../support/tenant';

const RECORDS = 1500;
const gtin13 = (n: number) => {
  const body = `950601${String(n).padStart(6, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
};

/** export-renderer killed (SIGKILL) while it renders a job, then started again: the job still ends complete. */
export function rendererRestart(system: () => System): void {
  describe('fault: export-renderer killed mid-job', () => {
    let tenant: Tenant;
    const tag = `kill-${Date.now().toString(36)}`;

    beforeAll(async () => {
      tenant = await onboardTenant(system());
      for (let start = 0; start < RECORDS; start += 500) {
        const records = Array.from({ length: 500 }, (_, i) => ({
          gtin: gtin13(start + i),
          destination: 'https://brand.example/p',
        }));
        const reply = await tenant.api.call('POST', '/v1/gs1/links/bulk', { tags: [tag], records });
        if (reply.status !== 200 || reply.body.created !== 500)
          throw new Error(`bulk import: ${reply.status} ${reply.text.slice(0, 300)}`);
      }
    }, 120_000);

    it('finishes the job after a restart, with every code in the zip', async () => {
      const created = await tenant.api.call('POST', '/v1/gs1/exports', {
        name: 'killed',
        tags: [tag],
        symbologies: ['qr', 'dm'],
        formats: ['svg', 'pdf'],
      });
      expect(created.status).toBe(202);
      const jobPath = `/v1/gs1/exports/${created.body.jobId}`;
      const statusNow = async () => (await tenant.api.call('GET', jobPath)).body.status as string;
      await waitFor(async () => (await statusNow()) === 'rendering', {
        timeoutMs: 60_000,
        intervalMs: 50,
        message: 'the job to start rendering',
      });
      const renderer = system().services.get('export-renderer');
      if (!renderer) throw new Error('export-renderer is not running');
      renderer.proc.signal('SIGKILL');
      await renderer.proc.exited;
      // The kill must land mid-job for the scenario to mean anything: the job is still unfinished now.
      expect(await statusNow()).toBe('rendering');
      await system().restart('export-renderer');

      const job = await waitFor(
        async () => {
          const reply = await tenant.api.call('GET', jobPath);
          if (reply.body.status === 'failed') throw new Error(`export failed: ${reply.body.error}`);
          return reply.body.status === 'ready' && reply.body;
        },
        { timeoutMs: 150_000, intervalMs: 500, message: 'the export to be ready after the restart' },
      );
      expect(job).toMatchObject({ count: RECORDS, truncated: false });
      const zip = await fetch(job.downloadUrl);
      expect(zip.status).toBe(200);
      const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      const manifest = strFromU8(files['manifest.csv'] as Uint8Array)
        .trim()
        .split(/\r?\n/);
      expect(manifest).toHaveLength(RECORDS + 1);
      for (let i = 0; i < RECORDS; i += 100) {
        for (const ext of ['svg', 'pdf']) expect(Object.keys(files)).toContain(`01_0${gtin13(i)}.${ext}`);
      }
    }, 240_000);
  });
}
