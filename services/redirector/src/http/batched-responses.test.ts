import type { ServerResponse } from 'node:http';
import { BatchedResponses } from './batched-responses';

/** Records what is written to it, in order, into a shared log. */
function fakeResponse(name: string, log: string[], destroyed = false): ServerResponse {
  return {
    destroyed,
    setHeader: (header: string, value: unknown) => log.push(`${name} header ${header}=${String(value)}`),
    writeHead: (status: number) => log.push(`${name} head ${status}`),
    end: (body?: string) => log.push(`${name} end ${body ?? '(none)'}`),
  } as unknown as ServerResponse;
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedResponses', () => {
  it('writes nothing during the turn, then every response of the turn in the order given', async () => {
    const log: string[] = [];
    const responses = new BatchedResponses();
    responses.write(fakeResponse('a', log), { status: 302, headers: { location: 'https://x.test/' } }, false);
    responses.write(fakeResponse('b', log), { status: 404, headers: {}, body: 'gone' }, false);
    await Promise.resolve();
    expect(log).toEqual([]);
    await nextTurn();
    expect(log).toEqual(['a header content-length=0', 'a head 302', 'a end (none)', 'b header content-length=4', 'b head 404', 'b end gone']);
  });

  it('keeps HEAD without a body, drops a response whose socket closed, and schedules each turn again', async () => {
    const log: string[] = [];
    const responses = new BatchedResponses();
    responses.write(fakeResponse('head', log), { status: 404, headers: {}, body: 'gone' }, true);
    responses.write(fakeResponse('closed', log, true), { status: 302, headers: {} }, false);
    await nextTurn();
    expect(log).toEqual(['head header content-length=4', 'head head 404', 'head end (none)']);
    responses.write(fakeResponse('later', log), { status: 302, headers: {} }, false);
    await nextTurn();
    expect(log.slice(3)).toEqual(['later header content-length=0', 'later head 302', 'later end (none)']);
  });
});
