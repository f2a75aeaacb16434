import { csvRowToRecord, mapCsvHeader } from './gs1-import-columns';

describe('GS1 import CSV columns', () => {
  it('names fields however the header spells them, and reads tags, linkset JSON and AI columns', () => {
    const mapping = mapCsvHeader(['GTIN', 'Item Description', 'batch', 'tags', 'linkset', 'ai.7003']);
    const row = ['09506000134352', 'Oat milk', '', 'spring| eu ', '[{"href":"https://example.com/p"}]', '2612311200'];
    expect(csvRowToRecord(mapping, row)).toEqual({
      record: {
        gtin: '09506000134352',
        itemDescription: 'Oat milk',
        tags: ['spring', 'eu'],
        linkset: [{ href: 'https://example.com/p' }],
        ai: { '7003': '2612311200' },
      },
    });
  });

  it('refuses a header with an unknown column, naming it', () => {
    expect(() => mapCsvHeader(['gtin', 'colour'])).toThrow(/unknown column "colour"/);
  });

  it('reports a row it cannot read instead of guessing', () => {
    const mapping = mapCsvHeader(['gtin', 'linkset']);
    expect(csvRowToRecord(mapping, ['09506000134352'])).toEqual({ problem: 'expected 2 columns, found 1' });
    expect(csvRowToRecord(mapping, ['09506000134352', '[oops'])).toEqual({ problem: 'linkset is not valid JSON' });
  });
});
