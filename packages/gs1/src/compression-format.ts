import { AI_ORDER, aiDefinition } from './ai-table';

/*
 * The value formats of GS1 Digital Link compression (GS1's Digital Link compression prototype, gs1/
 * GS1DigitalLinkCompressionPrototype, formalised in the Digital Link standard). Compression encodes a value by
 * numeric and alphanumeric runs rather than by the dictionary's finer components, so the formats are derived from
 * the dictionary: consecutive fixed-length numeric components merge into one `N<sum>`, the optional numeric
 * components after them into one `N..<sum>`, consecutive alphanumeric components (X, Y, Z) into one `X..<sum>`.
 * Where the compression table predates a dictionary change, its own format wins (OVERRIDES).
 */
export interface CompressionComponent {
  readonly numeric: boolean;
  /** Fixed length, or undefined for a variable length up to `max`. */
  readonly length: number | undefined;
  readonly max: number;
}

const OVERRIDES: Readonly<Record<string, readonly CompressionComponent[]>> = {
  '8007': [{ numeric: false, length: undefined, max: 24 }],
  '8013': [{ numeric: false, length: undefined, max: 30 }],
};

function derive(ai: string): CompressionComponent[] {
  const out: CompressionComponent[] = [];
  for (const c of aiDefinition(ai)?.components ?? []) {
    const numeric = c.charset === 'N';
    const fixed = !c.optional && c.min === c.max;
    const last = out[out.length - 1];
    if (last && numeric && last.numeric && fixed && last.length !== undefined) {
      out[out.length - 1] = { numeric, length: last.length + c.max, max: last.max + c.max };
    } else if (last && numeric && last.numeric && !fixed && last.length === undefined) {
      out[out.length - 1] = { numeric, length: undefined, max: last.max + c.max };
    } else if (last && !numeric && !last.numeric) {
      out[out.length - 1] = { numeric, length: undefined, max: last.max + c.max };
    } else {
      out.push({ numeric, length: fixed ? c.max : undefined, max: c.max });
    }
  }
  return out;
}

/** How the value of `ai` is laid out in a compressed Digital Link. */
export function compressionFormat(ai: string): readonly CompressionComponent[] {
  return OVERRIDES[ai] ?? derive(ai);
}

/** Length of every AI starting with two given digits (AIs are prefix-free), from the dictionary. */
export const AI_LENGTH_BY_PREFIX: Readonly<Record<string, number>> = Object.fromEntries(
  AI_ORDER.map((ai) => [ai.slice(0, 2), ai.length]),
);

/** Optimisation codes: one byte standing for a common sequence of AIs. */
export const AI_SEQUENCE_CODES: Readonly<Record<string, readonly string[]>> = {
  '0A': ['01', '22'],
  '0B': ['01', '10'],
  '0C': ['01', '21'],
  '0D': ['01', '17'],
  '0E': ['01', '7003'],
  '0F': ['01', '30'],
  '1A': ['01', '10', '21', '17'],
  '1B': ['01', '15'],
  '1C': ['01', '11'],
  '1D': ['01', '16'],
  '1E': ['01', '91'],
  '1F': ['01', '10', '15'],
  '2A': ['01', '3100'],
  '2B': ['01', '3101'],
  '2C': ['01', '3102'],
  '2D': ['01', '3103'],
  '2E': ['01', '3104'],
  '2F': ['01', '3105'],
  '3A': ['01', '3200'],
  '3B': ['01', '3201'],
  '3C': ['01', '3202'],
  '3D': ['01', '3203'],
  '3E': ['01', '3204'],
  '3F': ['01', '3205'],
  '9A': ['8010', '8011'],
  '9B': ['8017', '8019'],
  '9C': ['8018', '8019'],
  '9D': ['414', '254'],
  A0: ['01', '3920'],
  A1: ['01', '3921'],
  A2: ['01', '3922'],
  A3: ['01', '3923'],
  A4: ['01', '3924'],
  A5: ['01', '3925'],
  A6: ['01', '3926'],
  A7: ['01', '3927'],
  A8: ['01', '3928'],
  A9: ['01', '3929'],
  C0: ['255', '3900'],
  C1: ['255', '3901'],
  C2: ['255', '3902'],
  C3: ['255', '3903'],
  C4: ['255', '3904'],
  C5: ['255', '3905'],
  C6: ['255', '3906'],
  C7: ['255', '3907'],
  C8: ['255', '3908'],
  C9: ['255', '3909'],
  CA: ['255', '3940'],
  CB: ['255', '3941'],
  CC: ['255', '3942'],
  CD: ['255', '3943'],
};

/** Bits of a length indicator for values up to `max` characters. */
export const lengthBits = (max: number): number => Math.ceil(Math.log2(max) + 0.01);
/** Bits of a number of `digits` decimal digits. */
export const valueBits = (digits: number): number => Math.ceil((digits * Math.log(10)) / Math.log(2) + 0.01);

/** The URI-safe base64 alphabet compressed Digital Links are written in (6 bits a character). */
export const SAFE_BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
