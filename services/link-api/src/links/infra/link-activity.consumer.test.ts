import type { LinkActivity } from '@waymark/contracts';
import type { EventBus, IncomingMessage, SubscribeOptions, Subscription } from '@waymark/events';
import { settled } from '@waymark/testkit';
import { linkActivity as fact } from '../../../test/support/link-activity';
import type { LastClick } from '../domain/last-clicks';
import { startLinkActivityConsumer } from './link-activity.consumer';
import type { LastClickWriter } from './last-click.writer';

const batchOf = (...facts: LinkActivity[]) => facts.map((value) => ({ value }) as IncomingMessage<LinkActivity>);

/** A bus that hands the subscription's handler to the test, which then plays the batches a consumer would. */
function capturingBus() {
  let options: SubscribeOptions<LinkActivity> | undefined;
  const bus = {
    subscribe: async (given: SubscribeOptions<LinkActivity>) => {
      options = given;
      return {} as Subscription;
    },
  } as unknown as EventBus;
  return { bus, options: () => options as SubscribeOptions<LinkActivity> };
}

/** A writer whose writes the test finishes by hand. */
function controlledWriter() {
  const writes: Array<{ clicks: readonly LastClick[]; finish: () => void }> = [];
  const writer = {
    record: (clicks: readonly LastClick[]) =>
      new Promise<number>((resolve) => writes.push({ clicks, finish: () => resolve(clicks.length) })),
  } as unknown as LastClickWriter;
  return { writer, writes };
}

describe('the link-activity.v1 consumer of lastClickAt', () => {
  it('merges the batches that arrive while a write runs into the next write, newest click per link', async () => {
    const { bus, options } = capturingBus();
    const { writer, writes } = controlledWriter();
    await startLinkActivityConsumer(bus, writer, 'link-api.link-activity', async () => true);
    expect(options().partitionsConsumedConcurrently).toBe(12);

    const first = options().handleBatch(batchOf(fact('a', 1)));
    const second = options().handleBatch(batchOf(fact('a', 5), fact('b', 2)));
    const third = options().handleBatch(batchOf(fact('a', 3), fact('c', 4)));
    expect(writes.map((w) => w.clicks.map((c) => c.code))).toEqual([['a']]);

    writes[0]?.finish();
    expect(await settled(first)).toBe('resolved');
    // Still waiting: their clicks are in the second write, which has not committed.
    expect([await settled(second), await settled(third)]).toEqual(['pending', 'pending']);
    expect(writes.length).toBe(2);
    expect(writes[1]?.clicks.map((c) => [c.code, c.at.getTime()])).toEqual([
      ['a', 5],
      ['b', 2],
      ['c', 4],
    ]);

    writes[1]?.finish();
    await Promise.all([second, third]);
  });
});
