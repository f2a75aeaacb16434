import { CLICK_CHANNELS } from '@waymark/contracts';
import type { ClickedLink, ClickVisit } from '../click-visit';
import { ClickBatch } from '../emitter/click-batch';
import { clickChannelsHeader } from './click-channels-header';

const entry: ClickedLink = {
  tenantId: 'ten_1',
  domain: 'go.acme.example',
  code: 'spring',
  destination: 'https://www.acme.example/sale',
  title: 'Spring sale',
  tags: { campaign: 'spring' },
  notifyChannels: [],
  createdAt: '2026-11-01T10:00:00.000Z',
};
const HOSTILE = ',"notifyChannels":[]}';

function visitOf(overrides: Partial<ClickedLink>, ua = 'Mozilla/5.0'): ClickVisit {
  return {
    entry: { ...entry, ...overrides },
    request: {
      method: 'GET',
      ip: '203.0.113.9',
      ua,
      referer: null,
      nowMs: Date.now(),
    },
    context: { source: 'click', bot: false },
  };
}

/** The header of a visit's record as the producer thread reads the record from its batch. */
function headerOfVisit(visit: ClickVisit): string | undefined {
  const batch = new ClickBatch();
  batch.appendVisit(visit);
  const [record] = ClickBatch.records(new Uint8Array(batch.packed()));
  return clickChannelsHeader(record!.json)?.toString('latin1');
}

const headerOfText = (json: string) => clickChannelsHeader(Buffer.from(json))?.toString('latin1');

describe('the notify-channels header of a click record', () => {
  it('says none for a visit of a link without channels, and some for one with channels', () => {
    expect(headerOfVisit(visitOf({}))).toBe(CLICK_CHANNELS.none);
    expect(headerOfVisit(visitOf({ notifyChannels: ['ch_1'] }))).toBe(CLICK_CHANNELS.some);
    expect(headerOfVisit(visitOf({ notifyChannels: ['ch_1', 'ch_"2"'] }))).toBe(CLICK_CHANNELS.some);
  });

  it('is not fooled by strings that end like a click without channels', () => {
    const hostile = { title: HOSTILE, tags: { [HOSTILE]: HOSTILE } };
    expect(headerOfVisit(visitOf({ ...hostile, notifyChannels: ['ch_1'] }, HOSTILE))).toBe(CLICK_CHANNELS.some);
    expect(headerOfVisit(visitOf({ notifyChannels: [HOSTILE.slice(0, -1)] }, HOSTILE))).toBe(CLICK_CHANNELS.some);
    expect(headerOfVisit(visitOf({ notifyChannels: [] }, HOSTILE))).toBe(CLICK_CHANNELS.none);
  });

  it('is left out when the text does not end with notifyChannels, so consumers decode the click', () => {
    expect(headerOfText('{"notifyChannels":[],"ts":1}')).toBeUndefined();
    expect(headerOfText('{"notifyChannels":["a"],"ts":1}')).toBeUndefined();
    expect(headerOfText('{"ua":"]}"}')).toBeUndefined();
    expect(headerOfText('')).toBeUndefined();
  });
});
