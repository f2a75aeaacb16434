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
