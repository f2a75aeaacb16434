import { parseAiValue } from './ai-value';
import { CSET82, firstNonCset82 } from './charset82';
import { fullYearOf, parseN6Date } from './date-n6';

const reasonOf = (ai: string, value: string, year = 2025): string | undefined => {
  const r = parseAiValue(ai, value, year);
  return r.ok ? undefined : r.issue.reason;
};

describe('GS1 character set 82', () => {
  it('has exactly 82 distinct characters', () => {
    expect(new Set(CSET82).size).toBe(82);
    expect(CSET82).toHaveLength(82);
  });

  it.each([' ', '#', '$', '@', '[', '\\', ']', '^', '`', '{', '|', '}', '~', 'é'])('excludes %j', (ch) => {
    expect(firstNonCset82(`A${ch}`)).toBe(ch);
  });
});

describe('X..20 values (AI 22, 10, 21)', () => {
  it('accepts every character of set 82 up to 20 characters', () => {
    for (let i = 0; i < CSET82.length; i += 20) {
      expect(parseAiValue('10', CSET82.slice(i, i + 20))).toEqual({ ok: true, value: CSET82.slice(i, i + 20) });
    }
  });

  it('refuses empty, too long, outside set 82 and dot segments', () => {
    expect(reasonOf('10', '')).toBe('empty_value');
    expect(reasonOf('21', 'A'.repeat(21))).toBe('too_long');
    expect(reasonOf('22', 'AB CD')).toBe('bad_character');
    expect(reasonOf('10', '..')).toBe('bad_character');
  });

  it('names the offending character', () => {
    const r = parseAiValue('10', 'LOT#1');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issue.message).toBe('AI 10 contains "#", which is not in GS1 character set 82');
  });
});

describe('N6 dates YYMMDD (AI 17 and the other date attributes)', () => {
  it('allows day 00, meaning the last day of the month', () => {
    expect(parseN6Date('260200', '17', 2025)).toEqual({ ok: true, value: '2026-02-28' });
    expect(parseN6Date('280200', '17', 2025)).toEqual({ ok: true, value: '2028-02-29' });
  });

  it('knows real calendar days, leap years included', () => {
    expect(reasonOf('17', '280229')).toBeUndefined();
    expect(reasonOf('17', '270229')).toBe('bad_date');
    expect(reasonOf('17', '000229')).toBeUndefined(); // 2000 was a leap year
    expect(reasonOf('17', '260431')).toBe('bad_date');
    expect(reasonOf('17', '261231')).toBeUndefined();
    expect(reasonOf('17', '261232')).toBe('bad_date');
  });

  it('requires month 01-12 and exactly six digits', () => {
    expect(reasonOf('17', '261301')).toBe('bad_date');
    expect(reasonOf('17', '260001')).toBe('bad_date');
    expect(reasonOf('17', '26121')).toBe('bad_date');
    expect(reasonOf('17', '2612311')).toBe('bad_date');
    expect(reasonOf('17', '26-231')).toBe('bad_date');
    expect(reasonOf('17', '')).toBe('empty_value');
  });

  it('resolves the century with the GS1 sliding window', () => {
    expect(fullYearOf(25, 2025)).toBe(2025);
    expect(fullYearOf(75, 2025)).toBe(2075);
    expect(fullYearOf(76, 2025)).toBe(1976);
    expect(fullYearOf(10, 2090)).toBe(2110);
    expect(fullYearOf(0, 2060)).toBe(2100);
    expect(parseN6Date('000229', '17', 2060).ok).toBe(false); // 2100 is not a leap year
  });
});

describe('unknown AIs', () => {
  it('refuses an AI the table does not hold', () => {
    expect(reasonOf('04', 'x')).toBe('unknown_ai');
    expect(reasonOf('constructor', 'x')).toBe('unknown_ai');
  });
});
