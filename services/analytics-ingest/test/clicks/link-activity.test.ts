import { waitFor } from '@waymark/testkit';
import type { EventBus } from '@waymark/events';
import { startLinkActivityJob } from '../../src/clicks/infra/link-activity-job';
import { busWithPublish, logger, startActivityStore, type ActivityStore } from '../support/activity-store';

let store: ActivityStore;
const jobs: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  store = await startActivityStore();
}, 60_000);

afterAll(async () => {
  await Promise.all(jobs.map((job) => job.stop()));
  await store?.stop();
});

/** A publishing job that only runs when the test says (its timer is an hour away). */
function job(bus: EventBus = store.bus, pageSize = 1_000) {
  const started = startLinkActivityJob({ pool: store.pool, bus, intervalMs: 3_600_000, pageSize, logger });
  jobs.push(started);
  return started;
}

const at = (minute: number) => new Date(Date.UTC(2025, 5, 15, 12, minute));
const receivedFor = (code: string) => store.received.filter((a) => a.code === code);
const clearPending = (linkId: number) =>
  store.pool.query('UPDATE link_activity SET pending = false WHERE link_id = $1', [linkId]);

describe('link activity written with the facts', () => {
  it("marks a link's newest counted click pending: GETs and bots count, HEAD requests do not", async () => {
    const link = await store.link('counted');
    await store.write(
      store.fact(link, at(1)),
      store.fact(link, at(3), { head: true }),
      store.fact(link, at(2), { bot: true }),
    );
    expect(await store.activity(link.id)).toEqual({ lastClickAt: at(2), pending: true });
    const headOnly = await store.link('head-only');
    await store.click(headOnly, at(5), { head: true });
    expect(await store.activity(headOnly.id)).toBeUndefined();
  });

  it('moves only forward, and only for facts really inserted: redelivered and older clicks change nothing', async () => {
    const link = await store.link('forward');
    const newest = store.fact(link, at(10));
    await store.write(newest);
    await clearPending(link.id);
    expect(await store.write({ ...newest, row: { ...newest.row } })).toBe(0);
    await store.click(link, at(9));
    expect(await store.activity(link.id)).toEqual({ lastClickAt: at(10), pending: false });
    await store.click(link, at(11));
    expect(await store.activity(link.id)).toEqual({ lastClickAt: at(11), pending: true });
  });
});

describe('the link activity job', () => {
  it('publishes each pending link once, page by page, with its link, and clears what it published', async () => {
    const links = await Promise.all(
      ['page-a', 'page-b', 'page-c'].map((code) => store.link(code, '2025-05-02T00:00:00.000Z')),
    );
    for (const [n, link] of links.entries()) {
      await store.click(link, at(20 + n));
      await store.click(link, at(30 + n));
    }
    const publisher = job(store.bus, 2);
    // Earlier tests left rows pending too: they are published in the same run.
    expect(await publisher.runOnce()).toBeGreaterThanOrEqual(3);
    await waitFor(() => links.every((l) => receivedFor(l.link.code).length > 0), { message: 'activity on the bus' });
    expect(receivedFor('page-b')).toEqual([
      expect.objectContaining({
        version: 1,
        tenantId: store.tenantId,
        domain: store.domain,
        code: 'page-b',
        linkCreatedAt: '2025-05-02T00:00:00.000Z',
        lastClickAt: at(31).toISOString(),
      }),
    ]);
    for (const link of links) expect((await store.activity(link.id))?.pending).toBe(false);
    expect(await publisher.runOnce()).toBe(0);
    expect(links.map((l) => receivedFor(l.link.code).length)).toEqual([1, 1, 1]);
  });

  it('keeps the rows pending when the bus refuses them, and publishes them on the next run', async () => {
    const link = await store.link('refused');
    await store.click(link, at(40));
    const refusing = busWithPublish(store.bus, () => Promise.reject(new Error('broker unavailable')));
    await expect(job(refusing).runOnce()).rejects.toThrow('broker unavailable');
    expect(await store.activity(link.id)).toEqual({ lastClickAt: at(40), pending: true });
    expect(await job().runOnce()).toBeGreaterThanOrEqual(1);
    expect(await store.activity(link.id)).toEqual({ lastClickAt: at(40), pending: false });
    await waitFor(() => receivedFor('refused').length === 1, { message: 'the refused activity published later' });
  });

  it('leaves a row pending whose time moved while its page was being published', async () => {
    const [moving, still] = await Promise.all([store.link('moving'), store.link('still')]);
    await store.click(moving, at(50));
    await store.click(still, at(50));
    // The bus a click arrives through while the page is in flight.
    const clickedMeanwhile = busWithPublish(store.bus, async (topic, messages) => {
      await store.click(moving, at(51));
      return store.bus.publish(topic, messages);
    });
    await job(clickedMeanwhile).runOnce();
    expect(await store.activity(moving.id)).toEqual({ lastClickAt: at(51), pending: true });
    expect(await store.activity(still.id)).toEqual({ lastClickAt: at(50), pending: false });
    await job().runOnce();
    await waitFor(() => receivedFor('moving').length === 2, { message: 'the newer time published' });
    expect(receivedFor('moving').map((a) => a.lastClickAt)).toEqual([at(50).toISOString(), at(51).toISOString()]);
  });

  it('lets one instance publish at a time: a run that starts while another publishes skips its turn', async () => {
    const link = await store.link('turns');
    await store.click(link, at(55));
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = () => {};
    const publishing = new Promise<void>((resolve) => (entered = resolve));
    const slow = busWithPublish(store.bus, async (topic, messages) => {
      entered();
      await gate;
      return store.bus.publish(topic, messages);
    });
    const first = job(slow).runOnce();
    await publishing;
    expect(await job().runOnce()).toBe(0);
    release();
    expect(await first).toBeGreaterThanOrEqual(1);
    expect(await store.activity(link.id)).toEqual({ lastClickAt: at(55), pending: false });
  });

  it('publishes a link at most once per interval however often it is clicked, and its newest click last', async () => {
    const link = await store.link('busy');
    const intervalMs = 300;
    const publishedAt: number[] = [];
    const timed = busWithPublish(store.bus, async (topic, messages) => {
      if (messages.some((m) => m.key === `${store.domain}/busy`)) publishedAt.push(performance.now());
      return store.bus.publish(topic, messages);
    });
    const running = startLinkActivityJob({ pool: store.pool, bus: timed, intervalMs, pageSize: 100, logger });
    jobs.push(running);
    const last = new Date(Date.UTC(2025, 5, 15, 13, 0));
    for (let n = 0; n < 40; n += 1) {
      await store.click(link, new Date(last.getTime() - (39 - n) * 1000));
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await waitFor(() => receivedFor('busy').at(-1)?.lastClickAt === last.toISOString(), {
      message: 'the newest click published',
    });
    await running.stop();
    expect(publishedAt.length).toBeGreaterThanOrEqual(2);
    const gaps = publishedAt.slice(1).map((t, i) => t - (publishedAt[i] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(intervalMs);
    expect(receivedFor('busy').length).toBe(publishedAt.length);
  });
});
