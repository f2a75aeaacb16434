import { aiAssociationIssue } from './ai-associations';
import { AI_DICTIONARY_RELEASE } from './ai-dictionary.generated';
import { AI_ORDER, AI_TABLE, aiDefinition, isDataAttribute, PRIMARY_KEY_AIS } from './ai-table';
import { parseAiValue } from './ai-value';
import { gs1CheckDigit } from './check-digit';

const withCheckDigit = (body: string): string => `${body}${gs1CheckDigit(body)}`;
const reasonOf = (ai: string, value: string): string | undefined => {
  const r = parseAiValue(ai, value, 2026);
  return r.ok ? undefined : r.issue.reason;
};

describe('the AI table generated from the GS1 Barcode Syntax Dictionary', () => {
  it('holds every AI of the dictionary release it names', () => {
    expect(AI_DICTIONARY_RELEASE.source).toMatch(/gs1-syntax-engine/);
    expect(Object.keys(AI_TABLE)).toHaveLength(AI_ORDER.length);
    expect(AI_ORDER).toHaveLength(536);
    expect(AI_ORDER.slice(AI_ORDER.indexOf('30'), AI_ORDER.indexOf('30') + 8)).toEqual([
      '30',
      '3100',
      '3101',
      '3102',
      '3103',
      '3104',
      '3105',
      '3110',
    ]);
    for (const ai of ['00', '235', '3103', '3929', '4309', '7240', '8030', '8200', '99'])
      expect(aiDefinition(ai)).toBeDefined();
  });

  it('knows the primary keys, their qualifier sequences and the data-attribute flag', () => {
    expect(PRIMARY_KEY_AIS).toEqual(
      expect.arrayContaining([
        '00',
        '01',
        '253',
        '255',
        '401',
        '402',
        '414',
        '417',
        '8003',
        '8004',
        '8006',
        '8010',
        '8013',
        '8017',
        '8018',
      ]),
    );
    expect(aiDefinition('01')?.qualifierSequences).toEqual([['22', '10', '21'], ['235']]);
    expect(aiDefinition('414')?.qualifierSequences).toEqual([['254'], ['7040']]);
    expect(aiDefinition('235')?.role).toBe('qualifier');
    expect(['3103', '99', '4330', '7003'].every(isDataAttribute)).toBe(true);
    expect(['01', '10', '03', '8200', '7040'].some(isDataAttribute)).toBe(false);
  });
});

describe('every AI value is validated against its components and linters', () => {
  it.each([
    ['3103', '000500'],
    ['99', 'x'],
    ['00', withCheckDigit('10614141123456789')],
    ['253', withCheckDigit('950600013435')],
    ['253', `${withCheckDigit('950600013435')}ABC-17`],
    ['422', '250'],
    ['3912', '978123'],
    ['8013', '1987654Ad4X4bL5ttr2310c2K'],
    ['7003', '2612311200'],
    ['8007', 'GB82WEST12345698765432'],
    ['8006', `${withCheckDigit('0950600013435')}0102`],
    ['4330', '001000-'],
    ['8010', 'ABC-123/#'],
    ['7250', '20240229'],
    ['8008', '26123112'],
  ])('accepts AI %s %j', (ai, value) => {
    expect(reasonOf(ai, value)).toBeUndefined();
  });

  it.each([
    ['3103', '00500', 'bad_length'],
    ['3103', '00050A', 'not_numeric'],
    ['00', '106141411234567890', 'bad_check_digit'],
    ['422', '999', 'bad_value'],
    ['3912', '000123', 'bad_value'],
    ['8013', '1987654Ad4X4bL5ttr2310cXK', 'bad_check_digit'],
    ['7003', '2612312400', 'bad_value'],
    ['7006', '261200', 'bad_date'],
    ['8007', 'GB82WEST12345698765433', 'bad_value'],
    ['8006', `${withCheckDigit('0950600013435')}0302`, 'bad_value'],
    ['4321', '2', 'bad_value'],
    ['4330', '001000+', 'bad_value'],
    ['8010', 'abc', 'bad_character'],
    ['7250', '20230229', 'bad_date'],
    ['91', 'x'.repeat(91), 'too_long'],
    ['240', 'A B', 'bad_character'],
  ])('refuses AI %s %j (%s)', (ai, value, reason) => {
    expect(reasonOf(ai, value)).toBe(reason);
  });
});

describe('pairing rules (req= and ex=) over the AIs carried together', () => {
  it('refuses two AIs that exclude each other, but an AI never excludes itself', () => {
    expect(aiAssociationIssue(['01', '3103', '3102'])).toMatchObject({ reason: 'exclusive_ai', ai: '3103' });
    expect(aiAssociationIssue(['01', '3103'])).toBeNull();
    expect(aiAssociationIssue(['01', '255'])).toMatchObject({ reason: 'exclusive_ai' });
  });

  it('refuses an AI whose requisite is missing, and accepts any listed alternative', () => {
    expect(aiAssociationIssue(['01', '250'])).toMatchObject({ reason: 'missing_requisite', ai: '250' });
    expect(aiAssociationIssue(['01', '21', '250'])).toBeNull();
    expect(aiAssociationIssue(['00', '4321'])).toBeNull();
    expect(aiAssociationIssue(['01', '3922'])).toMatchObject({ reason: 'missing_requisite', ai: '3922' });
    expect(aiAssociationIssue(['01', '3103', '3922'])).toBeNull();
    expect(aiAssociationIssue(['01', '8030'])).toMatchObject({ reason: 'missing_requisite' });
    expect(aiAssociationIssue(['01', '21', '8030'])).toBeNull();
  });
});
