import { AI_DICTIONARY } from './ai-dictionary.generated';
import { fixedValueLength, parseAiSpec, type AiComponent } from './ai-spec';

/**
 * Role of an AI in a GS1 Digital Link: a primary key opens the path, key qualifiers follow it in a fixed order,
 * data attributes go in the query string; `other` AIs have no place in a Digital Link (for example 03, 8200).
 */
export type AiRole = 'primary' | 'qualifier' | 'attribute' | 'other';

export interface AiDefinition {
  readonly ai: string;
  /** The dictionary's title (`BATCH/LOT`). */
  readonly title: string;
  readonly shortName: string;
  /** The dictionary's specification, for example `N6,yymmd0` or `N3,iso4217 N..15`. */
  readonly format: string;
  readonly components: readonly AiComponent[];
  readonly role: AiRole;
  /** Predefined-length AIs (flag `*`) need no FNC1/GS separator after them in an element string. */
  readonly fixedLength: boolean;
  /** Length of every value when it cannot vary. */
  readonly valueLength: number | undefined;
  /** Flag `!`: a GS1 identification key. */
  readonly identificationKey: boolean;
  /** Flag `?`: permitted as a Digital Link data attribute. */
  readonly dlAttribute: boolean;
  /** `dlpkey=22,10,21|235`: the alternative ordered qualifier sequences after this primary key. */
  readonly qualifierSequences: readonly (readonly string[])[];
  /** Each `req=` rule: alternatives, each a set of AI patterns (`01+21`) that must all be present. */
  readonly requires: readonly (readonly (readonly string[])[])[];
  /** `ex=` rules: AI patterns (`310n`) that must not appear with this AI. */
  readonly excludes: readonly string[];
}

type Row = readonly [ai: string, flags: string, spec: string, attributes: string, title: string];

/** One row per AI: a dictionary range such as `3100-3105` becomes six rows. */
function expandRanges(): Row[] {
  return AI_DICTIONARY.flatMap(([ais, ...rest]) => {
    const [from = ais, to = from] = ais.split('-');
    const rows: Row[] = [];
    for (let n = Number(from); n <= Number(to); n++) rows.push([String(n).padStart(from.length, '0'), ...rest]);
    return rows;
  });
}

const ROWS = expandRanges();

function definitionOf([ai, flags, spec, attributes, title]: Row): Omit<AiDefinition, 'role'> & { dlpkey: boolean } {
  const requires: string[][][] = [];
  const excludes: string[] = [];
  let qualifierSequences: string[][] = [];
  let dlpkey = false;
  for (const attribute of attributes.split(' ').filter((a) => a !== '')) {
    const [name, value = ''] = attribute.split('=');
    if (name === 'req') requires.push(value.split(',').map((group) => group.split('+')));
    else if (name === 'ex') excludes.push(...value.split(','));
    else if (name === 'dlpkey') {
      dlpkey = true;
      qualifierSequences = value === '' ? [] : value.split('|').map((sequence) => sequence.split(','));
    }
  }
  const components = parseAiSpec(spec);
  return {
    ai,
    title,
    shortName: title,
    format: spec,
    components,
    fixedLength: flags.includes('*'),
    valueLength: fixedValueLength(components),
    identificationKey: flags.includes('!'),
    dlAttribute: flags.includes('?'),
    qualifierSequences,
    requires,
    excludes,
    dlpkey,
  };
}

function buildTable(): Record<string, AiDefinition> {
  const raw = ROWS.map(definitionOf);
  const qualifiers = new Set(raw.flatMap((d) => d.qualifierSequences.flat()));
  const table: Record<string, AiDefinition> = Object.create(null) as Record<string, AiDefinition>;
  for (const { dlpkey, ...d } of raw) {
    const role: AiRole = dlpkey
      ? 'primary'
      : qualifiers.has(d.ai)
        ? 'qualifier'
        : d.dlAttribute
          ? 'attribute'
          : 'other';
    table[d.ai] = Object.freeze({ ...d, role });
  }
  return table;
}

/** Every AI of the GS1 Barcode Syntax Dictionary (see ai-dictionary.generated.ts for its release). */
export const AI_TABLE: Readonly<Record<string, AiDefinition>> = buildTable();

/** AIs in dictionary (lexical) order: the order data attributes are written in. */
export const AI_ORDER: readonly string[] = ROWS.map((row) => row[0]);

/** Key qualifiers of AI 01 in the order a Digital Link path allows for its first sequence (GS1 Digital Link). */
export const GTIN_QUALIFIER_ORDER = ['22', '10', '21'] as const;

/** AIs a Digital Link may carry in its query string. */
export const DATA_ATTRIBUTE_AIS: readonly string[] = AI_ORDER.filter((ai) => isDataAttribute(ai));

/** Primary keys a Digital Link path may open with (`dlpkey` in the dictionary). */
export const PRIMARY_KEY_AIS: readonly string[] = AI_ORDER.filter((ai) => AI_TABLE[ai]?.role === 'primary');

export function aiDefinition(ai: string): AiDefinition | undefined {
  return Object.prototype.hasOwnProperty.call(AI_TABLE, ai) ? AI_TABLE[ai] : undefined;
}

/** True for an AI the dictionary permits as a data attribute and that is not a key or key qualifier. */
export function isDataAttribute(ai: string): boolean {
  const d = aiDefinition(ai);
  return d !== undefined && d.dlAttribute && d.role === 'attribute';
}
