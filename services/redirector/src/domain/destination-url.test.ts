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
