import { aiDefinition } from './ai-table';
import { issue, type Gs1Issue } from './issue';

/** `310n` matches 3100-3109, `31nn` any 31xx: `n` stands for one digit. */
export function matchesAiPattern(ai: string, pattern: string): boolean {
  if (ai.length !== pattern.length) return false;
  for (let i = 0; i < ai.length; i++) {
    const p = pattern[i] as string;
    if (p !== 'n' && p !== ai[i]) return false;
  }
  return true;
}

const present = (ais: readonly string[], pattern: string): boolean => ais.some((ai) => matchesAiPattern(ai, pattern));

/**
 * The first broken pairing rule among a set of AIs carried together (a Digital Link, a record): an `ex=` rule
 * (AIs that must not appear together; an AI never excludes itself) or a `req=` rule (one of the listed AI groups
 * must be present). Null when every rule holds.
 */
export function aiAssociationIssue(ais: readonly string[]): Gs1Issue | null {
  for (const ai of ais) {
    const d = aiDefinition(ai);
    if (!d) continue;
    for (const pattern of d.excludes) {
      const other = ais.find((o) => o !== ai && matchesAiPattern(o, pattern));
      if (other !== undefined) return issue('exclusive_ai', `AI ${ai} must not appear together with AI ${other}`, ai);
    }
    for (const rule of d.requires) {
      if (!rule.some((group) => group.every((pattern) => present(ais, pattern)))) {
        const wanted = rule.map((group) => group.join('+')).join(', ');
        return issue('missing_requisite', `AI ${ai} requires one of AI ${wanted}`, ai);
      }
    }
  }
  return null;
}
