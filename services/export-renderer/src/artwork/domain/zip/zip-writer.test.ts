import { PassThrough } from 'node:stream';
import { unzipSync } from 'fflate';
import { zipRecords } from './zip-records';
import { ZipWriter } from './zip-writer';

async function zipOf(
  batches: { name: string; data: Buffer; precompressed?: boolean }[][],
): Promise<{ bytes: Buffer; size: number }> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (c: Buffer) => chunks.push(c));
  const zip = new ZipWriter(output);
  for (const files of batches) await zip.write(zipRecords(files, new Date(2026, 0, 2, 3, 4, 6)));
  const size = await zip.finish();
  return { bytes: Buffer.concat(chunks), size };
}

describe('ZipWriter', () => {
  it('writes records rendered elsewhere into a zip an independent reader extracts (deflated, stored, empty)', async () => {
    const svg = Buffer.from('<svg>'.repeat(500));
    const pdf = Buffer.from('%PDF-1.4 already compressed');
    const { bytes, size } = await zipOf([
      [
        { name: 'a.svg', data: svg },
        { name: 'a.pdf', data: pdf, precompressed: true },
      ],
      [{ name: 'empty.txt', data: Buffer.alloc(0) }],
    ]);
    expect(size).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(svg.length);
    const entries = unzipSync(new Uint8Array(bytes));
    expect(Buffer.from(entries['a.svg']!).equals(svg)).toBe(true);
    expect(Buffer.from(entries['a.pdf']!).equals(pdf)).toBe(true);
    expect(entries['empty.txt']!.length).toBe(0);
  });

  it('switches to ZIP64 when there are more than 65535 entries (a 5000-code job with every format can have 75000)', async () => {
    const batches = Array.from({ length: 700 }, (_, b) =>
      Array.from({ length: 100 }, (_, i) => ({ name: `f${b * 100 + i}.txt`, data: Buffer.from(`${b * 100 + i}`) })),
    );
    const { bytes } = await zipOf(batches);
    expect(bytes.readUInt16LE(bytes.length - 12)).toBe(0xffff);
    const entries = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(entries)).toHaveLength(70_000);
    expect(Buffer.from(entries['f69999.txt']!).toString()).toBe('69999');
  });
});
