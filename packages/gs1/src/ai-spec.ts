/**
 * One component of an AI's format in the GS1 Barcode Syntax Dictionary (`N6,yymmd0`, `[X..17]`): its character
 * set, its length bounds and the linters that check its content.
 */
export interface AiComponent {
  /** N digits, X GS1 character set 82, Y character set 39, Z base64url (set 64). */
  readonly charset: 'N' | 'X' | 'Y' | 'Z';
  readonly min: number;
  readonly max: number;
  readonly optional: boolean;
  readonly linters: readonly string[];
}

/** Parses a dictionary specification such as `N3,iso3166 [N3],iso3166` into its components. */
export function parseAiSpec(spec: string): AiComponent[] {
  return spec
    .split(/\s+/)
    .filter((part) => part !== '')
    .map((part) => {
      const [head = '', ...linters] = part.split(',');
      const optional = head.startsWith('[') && head.endsWith(']');
      const type = optional ? head.slice(1, -1) : head;
      const match = /^([NXYZ])(\.\.)?(\d+)$/.exec(type);
      if (!match) throw new TypeError(`unreadable AI specification component ${JSON.stringify(part)}`);
      const length = Number(match[3]);
      return {
        charset: match[1] as AiComponent['charset'],
        min: match[2] ? 1 : length,
        max: length,
        optional,
        linters,
      };
    });
}

/** The length every value of the AI has, or undefined when it varies. */
export function fixedValueLength(components: readonly AiComponent[]): number | undefined {
  let total = 0;
  for (const c of components) {
    if (c.optional || c.min !== c.max) return undefined;
    total += c.max;
  }
  return total;
}
