import type { EncodedClick } from '../click-visit';
import { ClickFact } from '@waymark/contracts';
import { countedVisit } from '../../test/support/click-fixtures';
import { ClickBatch } from './click-batch';

const click = (i: number, ua = 'Mozilla/5.0'): EncodedClick => ({
  key: `go.example/c${i}`,
  eventId: `0193a1b2-0000-7000-8000-${String(i).padStart(12, '0')}`,
  json: JSON.stringify({ version: 1, code: `c${i}`, ua, padding: 'x'.repeat(600) }),
});

const bytesOfClick = (c: EncodedClick) =>
  Buffer.byteLength(c.key) + c.eventId.length + Buffer.byteLength(c.json) + (c.traceParent?.length ?? 0);

describe('ClickBatch', () => {
  it('gives back every record as it was appended, in order, non-ASCII text included', () => {
    const clicks = [
      click(0),
      click(1, 'Mozilla/5.0 (Linux; Android 14) «Été» 📱 \u2028'),
      click(2, '\ud800 lone surrogate'),
      click(3),
    ];
    const batch = ClickBatch.of(clicks);
    expect(batch.length).toBe(4);
    // A lone surrogate is not UTF-8: like every Buffer write, it becomes U+FFFD (the click writer escapes them anyway).
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

  it("holds visits' events and events read back from the spool side by side, in order", () => {
    const batch = new ClickBatch(256);
    batch.append(click(0));
    batch.appendVisit(countedVisit(1, 'ü'.repeat(300)));
    batch.append(click(2));
    batch.appendVisit(countedVisit(3));
    expect(batch.length).toBe(4);
    const [first, second, third, fourth] = batch.clicks();
    expect([first, third]).toEqual([click(0), click(2)]);
    expect(second?.key).toBe('go.example/c1');
    expect(ClickFact.parse(JSON.parse(second?.json ?? ''))).toMatchObject({
      code: 'c1',
      ua: 'ü'.repeat(300),
      eventId: second?.eventId,
    });
    expect(ClickFact.parse(JSON.parse(fourth?.json ?? ''))).toMatchObject({ code: 'c3', eventId: fourth?.eventId });
    // Its size is the bytes of its events, exactly: the emitter closes a batch on it, below what a broker takes.
    expect(batch.size).toBe(batch.clicks().reduce((sum, c) => sum + 16 + bytesOfClick(c), 0));
  });

  it("carries a traced visit's traceparent beside its event, and none for an untraced one", () => {
    const traceParent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const traced = countedVisit(1);
    const batch = new ClickBatch(256);
    batch.appendVisit({ ...traced, request: { ...traced.request, traceParent } });
    batch.appendVisit(countedVisit(2));
    batch.append({ ...click(3), traceParent });
    const records = ClickBatch.records(new Uint8Array(batch.packed()));
    expect(records.map((r) => r.traceParent.toString())).toEqual([traceParent, '', traceParent]);
    expect(batch.clicks().map((c) => c.traceParent)).toEqual([traceParent, undefined, traceParent]);
    expect(batch.size).toBe(batch.clicks().reduce((sum, c) => sum + 16 + bytesOfClick(c), 0));
  });

  it('written into a buffer used before, holds its own records only', () => {
    const used = ClickBatch.of([click(0), click(1), click(2)]).release();
    const batch = new ClickBatch(used);
    batch.appendVisit(countedVisit(7));
    expect(batch.length).toBe(1);
    const records = ClickBatch.records(new Uint8Array(batch.packed()));
    expect(records.map((r) => r.key.toString())).toEqual(['go.example/c7']);
    expect(batch.clicks().map((c) => (JSON.parse(c.json) as { code: string }).code)).toEqual(['c7']);
  });

  it('refuses every use once its buffer was released, rather than read what the next batch wrote there', () => {
    const bytes = Buffer.allocUnsafeSlow(4096);
    const batch = new ClickBatch(bytes);
    batch.append(click(0));
    expect(batch.release()).toBe(bytes);
    expect(() => batch.clicks()).toThrow(/released/);
    expect(() => batch.packed()).toThrow(/released/);
    expect(() => batch.append(click(1))).toThrow(/released/);
    expect(() => batch.appendVisit(countedVisit(1))).toThrow(/released/);
    expect(() => batch.release()).toThrow(/released/);
  });

  it('refuses bytes that end inside a record', () => {
    const packed = new Uint8Array(ClickBatch.of([click(0), click(1)]).packed());
    expect(ClickBatch.records(packed)).toHaveLength(2);
    for (const cut of [1, 11, 15, 17, packed.length - 1]) {
      expect(() => ClickBatch.records(packed.subarray(0, cut))).toThrow(/cut short/);
    }
    expect(ClickBatch.records(new Uint8Array(0))).toEqual([]);
  });
});
