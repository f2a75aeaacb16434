import type { EncodedClick } from '../app/click-record';
import { ClickBatch } from './click-batch';

const click = (i: number, ua = 'Mozilla/5.0'): EncodedClick => ({
  key: `go.example/c${i}`,
  eventId: `0193a1b2-0000-7000-8000-${String(i).padStart(12, '0')}`,
  json: JSON.stringify({ version: 1, code: `c${i}`, ua, padding: 'x'.repeat(600) }),
});

describe('ClickBatch', () => {
  it('gives back every record as it was appended, in order, non-ASCII text included', () => {
    const clicks = [click(0), click(1, 'Mozilla/5.0 (Linux; Android 14) «Été» 📱 \u2028'), click(2, '\ud800 lone surrogate'), click(3)];
    const batch = ClickBatch.of(clicks);
    expect(batch.length).toBe(4);
    // A lone surrogate is not UTF-8: like every Buffer write, it becomes U+FFFD (encodeClick escapes them anyway).
    expect(batch.clicks()).toEqual(clicks.map((c) => ({ ...c, json: Buffer.from(c.json, 'utf8').toString('utf8') })));
  });

  it('packs its records as the UTF-8 bytes the producer thread reads back', () => {
    const clicks = [click(0, 'naïve ☃'), click(1)];
    const records = ClickBatch.records(new Uint8Array(ClickBatch.of(clicks).packed()));
    expect(records.map((r) => [r.key, r.eventId, r.json])).toEqual(
      clicks.map((c) => [Buffer.from(c.key), Buffer.from(c.eventId), Buffer.from(c.json)]),
    );
  });

  it('grows past its initial capacity without losing what it held', () => {
    const clicks = Array.from({ length: 500 }, (_, i) => click(i, 'ü'.repeat(i)));
    const batch = new ClickBatch(1024);
    for (const c of clicks) batch.append(c);
    expect(batch.length).toBe(500);
    expect(batch.clicks()).toEqual(clicks);
  });

  it('hands out a copy: appending after packing leaves the packed bytes as they were', () => {
    const batch = ClickBatch.of([click(0)]);
    const packed = batch.packed();
    batch.append(click(1));
    expect(ClickBatch.records(new Uint8Array(packed))).toHaveLength(1);
    expect(batch.clicks()).toEqual([click(0), click(1)]);
  });

  it('refuses bytes that end inside a record', () => {
    const packed = new Uint8Array(ClickBatch.of([click(0), click(1)]).packed());
    expect(ClickBatch.records(packed)).toHaveLength(2);
    for (const cut of [1, 11, 13, packed.length - 1]) {
      expect(() => ClickBatch.records(packed.subarray(0, cut))).toThrow(/cut short/);
    }
    expect(ClickBatch.records(new Uint8Array(0))).toEqual([]);
  });
});
