import fc from 'fast-check';
import { aiAssociationIssue } from './ai-associations';
import { AI_DICTIONARY } from './ai-dictionary.generated';
import { isDataAttribute } from './ai-table';
import { parseAiValue } from './ai-value';
import { CSET82 } from './charset82';
import { gs1CheckDigit } from './check-digit';
import { buildDigitalLinkUri } from './digital-link-build';
import { parseDigitalLink } from './digital-link-parse';

/*
 * Differential tests of the AI table against the dictionary's own rules. The oracle reads the dictionary rows
 * directly (not the parsed table): each component `N6`, `X..20`, `[N..12]` becomes a character class with its length
 * bounds, optional components optional, so a value that does not match can never be accepted, and a value that
 * matches an AI whose components name no checking linter must be accepted.
 */
const CHARSETS: Record<string, string> = {
  N: '0123456789',
  X: CSET82,
  Y: '#-/0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  Z: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
};
const CLASSES: Record<string, string> = {
  N: '\\d',
  X: '[!"%&\'()*+,\\-./0-9:;<=>?A-Z_a-z]',
  Y: '[#\\-/0-9A-Z]',
  Z: '[A-Za-z0-9_\\-]',
};
/** Linters that never refuse (no data to check against) are as good as none for the oracle. */
const PASSING_LINTERS = new Set(['gcppos1', 'gcppos2', 'packagetype', 'couponcode', 'couponposoffer']);

interface OracleComponent {
  charset: string;
  min: number;
  max: number;
  optional: boolean;
  checked: boolean;
}

function oracleComponents(spec: string): OracleComponent[] {
  return spec.split(/\s+/).map((part) => {
    const [head = '', ...linters] = part.split(',');
    const m = /^\[?([NXYZ])(\.\.)?(\d+)\]?$/.exec(head) as RegExpExecArray;
    const max = Number(m[3]);
    return {
      charset: m[1] as string,
      min: m[2] ? 1 : max,
      max,
      optional: head.startsWith('['),
      checked: linters.some((l) => !PASSING_LINTERS.has(l)),
    };
  });
}

/** A component's characters and length; set 64 (Z) is base64url, whose value may end in up to two '=' of padding. */
function componentPattern(c: OracleComponent): string {
  const plain = `${CLASSES[c.charset]}{${c.min},${c.max}}`;
  return c.charset === 'Z' ? `(?=[A-Za-z0-9_\\-=]{${c.min},${c.max}}$)${CLASSES.Z}+={0,2}` : plain;
}

const ROWS = AI_DICTIONARY.flatMap(([ais, , spec]) => {
  const [from = ais, to = from] = ais.split('-');
  const out: Array<{ ai: string; spec: string; components: OracleComponent[]; pattern: RegExp }> = [];
  const components = oracleComponents(spec);
  const body = components
    .map((c) => `${c.optional ? '(?:' : ''}${componentPattern(c)}${c.optional ? ')?' : ''}`)
    .join('');
  for (let n = Number(from); n <= Number(to); n++)
    out.push({ ai: String(n).padStart(from.length, '0'), spec, components, pattern: new RegExp(`^${body}$`) });
  return out;
});
const UNCHECKED = ROWS.filter((r) => r.ai !== '01' && r.components.every((c) => !c.checked));

const valueOf = (components: OracleComponent[]) =>
  fc
    .tuple(
      ...components.map((c) =>
        fc.string({ unit: fc.constantFrom(...(CHARSETS[c.charset] as string)), minLength: c.min, maxLength: c.max }),
      ),
    )
    .map((parts) => parts.join(''));
const anyText = fc.string({ unit: fc.constantFrom(...`${CSET82} #@é`), maxLength: 40 });

describe('the AI table against the GS1 Barcode Syntax Dictionary (fast-check)', () => {
  it("never accepts a value outside an AI's format", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROWS), anyText, (row, value) => {
        if (!row.pattern.test(value) && !(row.ai === '01' && /^\d{8}$|^\d{12,13}$/.test(value))) {
          expect(parseAiValue(row.ai, value).ok).toBe(false);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts every value in the format of an AI whose components name no checking linter', () => {
    const arb = fc.constantFrom(...UNCHECKED).chain((row) => fc.tuple(fc.constant(row), valueOf(row.components)));
    fc.assert(
      fc.property(arb, ([row, value]) => {
        fc.pre(value !== '.' && value !== '..');
        expect(row.pattern.test(value)).toBe(true);
        expect(parseAiValue(row.ai, value)).toEqual({ ok: true, value });
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts a correct GS1 check digit on every csum component and refuses any other', () => {
    const specOf = (ai: string) => ROWS.find((r) => r.ai === ai)?.spec ?? '';
    const csumRows = ROWS.filter(
      (r) => r.components.length === 1 && r.components[0]?.charset === 'N' && /,csum(,|$)/.test(specOf(r.ai)),
    );
    const bodyOf = (length: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
    const arb = fc
      .constantFrom(...csumRows)
      .chain((row) =>
        fc.tuple(
          fc.constant(row),
          bodyOf((row.components[0] as OracleComponent).max - 1),
          fc.integer({ min: 1, max: 9 }),
        ),
      );
    fc.assert(
      fc.property(arb, ([row, body, shift]) => {
        const check = gs1CheckDigit(body);
        expect(parseAiValue(row.ai, `${body}${check}`).ok).toBe(true);
        expect(parseAiValue(row.ai, `${body}${(check + shift) % 10}`)).toMatchObject({
          ok: false,
          issue: { reason: 'bad_check_digit' },
        });
      }),
      { numRuns: 500 },
    );
  });

  it('carries any data attribute whose pairing rules a GTIN satisfies through a Digital Link unchanged', () => {
    const attributes = UNCHECKED.filter((r) => isDataAttribute(r.ai) && aiAssociationIssue(['01', r.ai]) === null);
    const arb = fc.constantFrom(...attributes).chain((row) => fc.tuple(fc.constant(row.ai), valueOf(row.components)));
    fc.assert(
      fc.property(arb, ([ai, value]) => {
        fc.pre(value !== '.' && value !== '..');
        const uri = new URL(buildDigitalLinkUri('https://id.example', { gtin: '09506000134352' }, { [ai]: value }));
        expect(parseDigitalLink(`${uri.pathname}${uri.search}`)).toMatchObject({
          ok: true,
          value: { attributes: { [ai]: value } },
        });
      }),
      { numRuns: 1000 },
    );
  });
});
