import { withPassthroughQuery } from './destination-url';

test.each([
  ['https://d.example/p', '', 'https://d.example/p'],
  ['https://d.example/p', 'a=1', 'https://d.example/p?a=1'],
  ['https://d.example/p?x=1', 'a=1', 'https://d.example/p?x=1&a=1'],
  ['https://d.example/p?', 'a=1', 'https://d.example/p?a=1'],
  ['https://d.example/p?x=1#frag', 'a=1', 'https://d.example/p?x=1&a=1#frag'],
  ['https://d.example/#/route', 'a=1', 'https://d.example/?a=1#/route'],
])('%s with %s goes to %s', (destination, query, expected) => {
  expect(withPassthroughQuery(destination, query)).toBe(expected);
});

test.each([
  ['https://example.com/?q=\u65e5\u672c', '', 'https://example.com/?q=%E6%97%A5%E6%9C%AC'],
  ['https://\u0430pple.com/caf\u00e9 x', '', 'https://xn--pple-43d.com/caf%C3%A9%20x'],
  ['https://d.example/p', 'q=\u00c3\u00a9', 'https://d.example/p?q=%C3%A9'],
  ['https://d.example/p', 'q=\u00e9', 'https://d.example/p?q=%E9'],
])('never emits a non-ASCII Location: %s with %s goes to %s', (destination, query, expected) => {
  expect(withPassthroughQuery(destination, query)).toBe(expected);
});

describe("merging the visitor's query into the destination's", () => {
  test.each([
    [
      'the visitor replaces a key the destination has, in its place',
      'https://d.example/p?utm_source=console&utm_campaign=x',
      'utm_source=override',
      'https://d.example/p?utm_source=override&utm_campaign=x',
    ],
    ['new keys follow in the visitor order', 'https://d.example/p?x=1', 'b=2&a=1', 'https://d.example/p?x=1&b=2&a=1'],
    [
      'every value of a replaced key goes, every value the visitor sends stays',
      'https://d.example/p?t=1&k=a&t=2',
      't=9&t=8',
      'https://d.example/p?t=9&t=8&k=a',
    ],
    [
      'an encoded name is the same key',
      'https://d.example/p?utm_source=a',
      'utm%5Fsource=b',
      'https://d.example/p?utm%5Fsource=b',
    ],
    ['a bare key replaces a valued one', 'https://d.example/p?debug=0&y=1', 'debug', 'https://d.example/p?debug&y=1'],
    ['the fragment stays last', 'https://d.example/p?a=1#f', 'a=2', 'https://d.example/p?a=2#f'],
    ['an undecodable name is compared as sent', 'https://d.example/p?%E0=1', '%E0=2', 'https://d.example/p?%E0=2'],
    ['empty parts are dropped', 'https://d.example/p?a=1&&b=2&', 'c=3', 'https://d.example/p?a=1&b=2&c=3'],
  ])('%s', (_rule, destination, query, expected) => {
    expect(withPassthroughQuery(destination, query)).toBe(expected);
  });
});
