import { ClickFact, clicksTopic } from '@waymark/contracts';
import type { ClickVisit } from '../click-visit';
import { ClickBatch } from '../emitter/click-batch';
import { FIELD_ENCODERS } from './click-fact-writer';

/*
 * The encoder against the contract it is derived from: every field ClickFact declares, and no other, reaches the
 * consumers. Decoded as consumers decode a clicks.v1 value (JSON text parsed, then the topic's schema), so a field the
 * contract gains and the encoder does not write fails the schema here, as it would fail every consumer.
 */

const CONTRACT_FIELDS = Object.keys(ClickFact.shape);

/** A visit whose every field carries a value of its own, so that a field written from the wrong place shows. */
const visit: ClickVisit = {
  entry: {
    tenantId: 'ten_7',
    domain: 'go.field.example',
    code: 'every-field',
    title: 'The title',
    destination: 'https://dest.example/p?q=1',
    tags: { team: 'red', 'é"\n': '\u2028' },
    createdAt: '2026-10-01T00:00:00.000Z',
    notifyChannels: ['ch_a', 'ch_b'],
  },
  request: { method: 'HEAD', ip: '198.51.100.4', ua: 'Agent/1 "x"', referer: 'https://ref.example/', nowMs: 1.8e12 },
  context: { source: 'qr', bot: true },
};

/** What the visit means as a clicks.v1 value: one expectation per contract field. */
const expected: Omit<ClickFact, 'eventId'> = {
  version: 1,
  event: 'click',
  source: 'qr',
  code: 'every-field',
  shortUrl: 'https://go.field.example/every-field',
  title: 'The title',
  destination: 'https://dest.example/p?q=1',
  tags: { team: 'red', 'é"\n': '\u2028' },
  createdAt: '2026-10-01T00:00:00.000Z',
  ts: 1.8e12,
  at: new Date(1.8e12).toISOString(),
  ip: '198.51.100.4',
  ua: 'Agent/1 "x"',
  referer: 'https://ref.example/',
  customerId: 'ten_7',
  tenantId: 'ten_7',
  domain: 'go.field.example',
  bot: true,
  method: 'HEAD',
  notifyChannels: ['ch_a', 'ch_b'],
};

/** The visit encoded into a batch and read back as the producer thread sends it, then decoded as consumers do. */
function roundTrip(counted: ClickVisit): { json: string; eventId: string; decoded: ClickFact } {
  const batch = new ClickBatch();
  batch.appendVisit(counted);
  const [record] = ClickBatch.records(new Uint8Array(batch.packed()));
  if (!record) throw new Error('no record');
  const json = record.json.toString('utf8');
  return { json, eventId: record.eventId.toString('latin1'), decoded: clicksTopic.schema.parse(JSON.parse(json)) };
}

describe('the click encoder derived from the ClickFact contract', () => {
  it('has an encoder for exactly the fields the contract declares', () => {
    expect(Object.keys(FIELD_ENCODERS).sort()).toEqual([...CONTRACT_FIELDS].sort());
  });

  it('writes the members in the order and under the names the contract declares them, and no other', () => {
    expect(Object.keys(JSON.parse(roundTrip(visit).json) as object)).toEqual(CONTRACT_FIELDS);
  });

  it.each(CONTRACT_FIELDS)('round-trips %s through the encoder and the consumers’ decoder', (field) => {
    const { decoded, eventId } = roundTrip(visit);
    const want = { ...expected, eventId } as Record<string, unknown>;
    expect(field in want).toBe(true);
    expect((decoded as Record<string, unknown>)[field]).toEqual(want[field]);
  });

  it('writes the other value of each two-valued field', () => {
    const { decoded } = roundTrip({
      ...visit,
      request: { ...visit.request, method: 'GET', referer: null },
      context: { source: 'click', bot: false },
    });
    expect(decoded).toMatchObject({ method: 'GET', referer: null, source: 'click', bot: false });
  });
});
