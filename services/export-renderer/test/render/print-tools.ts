import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readBarcodes, type ReadResult } from 'zxing-wasm/reader';
import { loadZxing } from '../../src/artwork/infra/zxing-symbol-reader';

const run = promisify(execFile);

/** A scratch directory per suite for Ghostscript and qpdf, which work on files. */
export function scratchDir(): {
  path: (name: string) => string;
  write: (name: string, data: Uint8Array) => string;
  remove: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'render-test-'));
  return {
    path: (name) => join(dir, name),
    write: (name, data) => {
      writeFileSync(join(dir, name), data);
      return join(dir, name);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Rasterises a page of a PDF or an EPS (cropped to its bounding box) with Ghostscript to 8-bit grey PNG (`%` in the output name is doubled: Ghostscript reads it as a page number format). */
export async function ghostscriptPng(file: string, dpi: number, out: string, page = 1): Promise<Buffer> {
  const eps = file.endsWith('.eps') ? ['-dEPSCrop'] : [];
  await run('gs', [
    '-q',
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    ...eps,
    '-sDEVICE=pnggray',
    `-r${dpi}`,
    `-dFirstPage=${page}`,
    `-dLastPage=${page}`,
    `-sOutputFile=${out.replace(/%/g, '%%')}`,
    file,
  ]);
  return readFileSync(out);
}

/** Ink coverage per page as [C, M, Y, K] fractions, from Ghostscript's inkcov device. */
export async function inkCoverage(file: string): Promise<number[][]> {
  const { stdout } = await run('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=inkcov', '-o', '-', file]);
  return stdout
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).slice(0, 4).map(Number));
}

export async function qpdfCheck(file: string): Promise<string> {
  const { stdout } = await run('qpdf', ['--check', file]);
  return stdout;
}

/** The PDF rewritten by qpdf with every stream decompressed, as text to inspect dictionaries and content. */
export async function qpdfText(file: string, out: string): Promise<string> {
  await run('qpdf', ['--qdf', '--object-streams=disable', file, out]);
  return readFileSync(out, 'latin1');
}

export async function qpdfJson(
  file: string,
): Promise<{ pages: Array<{ object: string }>; qpdf: Array<Record<string, { value?: Record<string, unknown> }>> }> {
  const { stdout } = await run('qpdf', ['--json=2', '--json-key=pages', '--json-key=qpdf', file], {
    maxBuffer: 64 << 20,
  });
  return JSON.parse(stdout);
}

/** Decodes an encoded image (PNG) with zxing-cpp, the reader independent of the encoders. */
export async function decodeImage(png: Uint8Array, maxSymbols = 1): Promise<ReadResult[]> {
  await loadZxing();
  return readBarcodes(png, { textMode: 'HRI', maxNumberOfSymbols: maxSymbols, tryHarder: true });
}
