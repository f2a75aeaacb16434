import { z } from 'zod';
import { aiDefinition, isDataAttribute, parseAiValue, parseGtin, type Gs1Result } from '@waymark/gs1';
import { NO_CONTROL_CHARS } from './common';

/** Turns a gs1 validation result into a zod issue carrying the package's precise message. */
function checked(validate: (value: string) => Gs1Result<string>) {
  return (value: string, ctx: z.RefinementCtx) => {
    const result = validate(value);
    if (!result.ok)
      ctx.addIssue({ code: 'custom', message: result.issue.message, params: { gs1: result.issue.reason } });
  };
}

/** GTIN-8/12/13/14 with a valid check digit, normalised to 14 digits. */
export const Gtin = z
  .string()
  .superRefine(checked(parseGtin))
  .transform((g) => g.padStart(14, '0'));

/** An AI value in its format of the GS1 Barcode Syntax Dictionary (22, 10, 21: X..20 in set 82; dates: N6 YYMMDD). */
export const aiValue = (ai: string) => z.string().superRefine(checked((v) => parseAiValue(ai, v)));

/**
 * Data attributes keyed by AI number (`{"15": "261231"}`): every AI the GS1 Barcode Syntax Dictionary permits as a
 * Digital Link data attribute; key AIs (01, 22, 10, 21) belong in their own fields.
 */
export const Gs1AiAttributes = z.record(z.string(), z.string()).superRefine((attributes, ctx) => {
  for (const [ai, value] of Object.entries(attributes)) {
    const definition = aiDefinition(ai);
    if (!definition) {
      ctx.addIssue({ code: 'custom', path: [ai], message: `AI ${ai} is not a supported data attribute` });
    } else if (definition.role === 'primary' || definition.role === 'qualifier') {
      ctx.addIssue({
        code: 'custom',
        path: [ai],
        message: `AI ${ai} is a key, not a data attribute; use its own field`,
      });
    } else if (!isDataAttribute(ai)) {
      ctx.addIssue({
        code: 'custom',
        path: [ai],
        message: `AI ${ai} is not permitted as a Digital Link data attribute`,
      });
    } else {
      const result = parseAiValue(ai, value);
      if (!result.ok) ctx.addIssue({ code: 'custom', path: [ai], message: result.issue.message });
    }
  }
});

/** GS1 record tags: at most 20, each 1-32 characters, no commas (list filters are comma-separated). */
export const GS1_RECORD_TAGS_MAX = 20;
export const GS1_TAG_MAX_LENGTH = 32;

export const Gs1Tag = z
  .string()
  .min(1)
  .max(GS1_TAG_MAX_LENGTH)
  .regex(NO_CONTROL_CHARS, 'must not contain control characters')
  .refine((t) => !t.includes(','), 'must not contain ","');

export const Gs1Tags = z
  .array(Gs1Tag)
  .max(GS1_RECORD_TAGS_MAX)
  .refine((tags) => new Set(tags).size === tags.length, 'tags must be unique');

/** Request-level tags merged with a record's own, without duplicates, request tags first. */
export function mergeGs1Tags(requestTags: readonly string[] = [], recordTags: readonly string[] = []): string[] {
  return [...new Set([...requestTags, ...recordTags])];
}
