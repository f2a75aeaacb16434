import { jsonStringBound, writeAscii, writeBytes, writeJsonChars, writeJsonString, writeUtf8 } from './json-bytes';

const samples = [
  '',
  'plain ascii',
  'https://shop.example.com/p/1?utm_source=qr&x=%22',
  'quote " and backslash \\',
  `controls ${Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('')} end`,
  'separators \u2028 \u2029',
  'lone surrogates \ud800 x \udfff',
  'paired surrogate \u{1f600} and accents é ü 東京',
  '</script><script>alert(1)</script>',
  '\u007f del and \u0080 c1',
];

/** What `write` wrote into a buffer of `size` bytes, as text; it must stay inside. */
function written(size: number, write: (bytes: Buffer) => number): string {
  const bytes = Buffer.alloc(size + 8, 0xee);
  const end = write(bytes);
  expect(end).toBeLessThanOrEqual(size);
  expect(bytes.subarray(size).every((byte) => byte === 0xee)).toBe(true);
  return bytes.toString('utf8', 0, end);
}

test.each(samples)('writeJsonString writes what JSON.stringify writes, within jsonStringBound: %j', (text) => {
  expect(written(jsonStringBound(text), (bytes) => writeJsonString(bytes, 0, text))).toBe(JSON.stringify(text));
});

test('writeJsonChars escapes ASCII text without quotes, and gives up on anything else', () => {
  expect(written(64, (bytes) => writeJsonChars(bytes, 0, 'a"b\\c\nd\u0001'))).toBe(
    JSON.stringify('a"b\\c\nd\u0001').slice(1, -1),
  );
  expect(writeJsonChars(Buffer.alloc(64), 0, 'abc é')).toBe(-1);
});

test.each(samples)('writeUtf8 writes what Buffer#write writes: %j', (text) => {
  expect(written(3 * text.length, (bytes) => writeUtf8(bytes, 0, text))).toBe(
    Buffer.from(text, 'utf8').toString('utf8'),
  );
});

test('writeBytes and writeAscii write as they are, where they are told', () => {
  const bytes = Buffer.alloc(12, 0x2e);
  const end = writeAscii(bytes, writeBytes(bytes, 2, Buffer.from('{"a":')), '12');
  expect([end, bytes.toString('latin1')]).toEqual([9, '..{"a":12...']);
});
