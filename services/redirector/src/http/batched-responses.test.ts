import type { ServerResponse } from 'node:http';
import { BatchedResponses } from './batched-responses';

/** Records what is written to it, in order, into a shared log. */
function fakeResponse(name: string, log: string[], destroyed = false): ServerResponse {
  return {
    destroyed,
    destroy: (error: Error) => log.push(`${name} destroyed: ${error.message}`),
    writeHead: (status: number, headers: string[]) =>
      log.push(`${name} head ${status} content-length=${headers[headers.indexOf('content-length') + 1]}`),
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
    expect(log).toEqual(['a head 302 content-length=0', 'a end (none)', 'b head 404 content-length=4', 'b end gone']);
  });

  it('keeps HEAD without a body, drops a response whose socket closed, and schedules each turn again', async () => {
    const log: string[] = [];
    const responses = new BatchedResponses();
    responses.write(fakeResponse('head', log), { status: 404, headers: {}, body: 'gone' }, true);
    responses.write(fakeResponse('closed', log, true), { status: 302, headers: {} }, false);
    await nextTurn();
    expect(log).toEqual(['head head 404 content-length=4', 'head end (none)']);
    responses.write(fakeResponse('later', log), { status: 302, headers: {} }, false);
    await nextTurn();
    expect(log.slice(2)).toEqual(['later head 302 content-length=0', 'later end (none)']);
  });

  it('resets only the connection of a response that cannot be written, and writes the others', async () => {
    const log: string[] = [];
    const responses = new BatchedResponses();
    const broken = fakeResponse('broken', log);
    broken.writeHead = (() => {
      throw new Error('Invalid character in header content ["location"]');
    }) as unknown as ServerResponse['writeHead'];
    responses.write(broken, { status: 302, headers: { location: 'bad' } }, false);
    responses.write(fakeResponse('fine', log), { status: 302, headers: {} }, false);
    await nextTurn();
    expect(log).toEqual([
      'broken destroyed: Invalid character in header content ["location"]',
      'fine head 302 content-length=0',
      'fine end (none)',
    ]);
  });
});
