import { jsonString, jsonStringArray, jsonStringRecord } from './json-text';

const samples = [
  '',
  'plain ascii',
  'https://shop.example.com/p/1?utm_source=qr&x=%22',
  'quote " and backslash \\',
  'controls \u0000\u0001\u001f tab\t cr\r lf\n',
  'separators \u2028 \u2029',
  'lone surrogates \ud800 x \udfff',
  'paired surrogate \u{1f600} and accents é ü',
  '</script><script>alert(1)</script>',
  '\u007f del and \u0080 c1',
];

test.each(samples)('jsonString writes what JSON.stringify writes: %j', (value) => {
  expect(jsonString(value)).toBe(JSON.stringify(value));
});

test('records and arrays are written like JSON.stringify, key order included', () => {
  const record = Object.fromEntries(samples.map((value, i) => [`${value}#${i}`, value]));
  expect(jsonStringRecord(record)).toBe(JSON.stringify(record));
  expect(jsonStringRecord({})).toBe('{}');
  expect(jsonStringArray(samples)).toBe(JSON.stringify(samples));
  expect(jsonStringArray([])).toBe('[]');
});
