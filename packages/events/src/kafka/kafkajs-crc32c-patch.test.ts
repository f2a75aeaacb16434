import { randomBytes } from 'node:crypto';

/*
 * patches/kafkajs+2.2.4.patch computes a record batch's CRC-32C natively (@node-rs/crc32) or, without its binary,
 * eight bytes at a time in JavaScript. Both must agree with the bitwise definition, or brokers refuse the batches.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- kafkajs' protocol encoders are not part of its public API */
const crc32C = require('kafkajs/src/protocol/recordBatch/crc32C') as ((buffer: Buffer) => number) & {
  native: boolean;
  javascript(buffer: Buffer): number;
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** Plain bit-by-bit CRC-32C (Castagnoli, reflected polynomial 0x82F63B78). */
function bitwiseCrc32C(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('kafkajs patched CRC-32C (patches/kafkajs+2.2.4.patch)', () => {
  it.each([
    ['the one kafkajs uses', crc32C],
    ['the JavaScript fallback', crc32C.javascript],
  ])('computes CRC-32C as the bitwise definition does, at every length and alignment: %s', (_name, crc) => {
    expect(crc(Buffer.from('123456789'))).toBe(0xe3069283); // the standard check value of CRC-32C
    const data = randomBytes(4096);
    for (let length = 0; length <= 300; length += 1) {
      const slice = data.subarray(length % 8, (length % 8) + length);
      expect([length, crc(slice)]).toEqual([length, bitwiseCrc32C(slice)]);
    }
    expect(crc(data)).toBe(bitwiseCrc32C(data));
  });

  it('uses the native CRC-32C of @node-rs/crc32 where it publishes a prebuilt binary', () => {
    const published = ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'win32-x64'].includes(
      `${process.platform}-${process.arch}`,
    );
    if (published) expect(crc32C.native).toBe(true);
    else expect(typeof crc32C.native).toBe('boolean');
  });
});
