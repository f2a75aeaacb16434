import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula, SAFE_CSV_OPTIONS } from './formula-neutraliser';

describe('CSV formula neutralising', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'quotes %j as text',
    (cell) => {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    },
  );

  it('leaves ordinary cells alone', () => {
    expect(['LOT-1', 'https://example.com/?a=1', '', 'a=b', ' =x'].map(neutraliseFormula)).toEqual([
      'LOT-1',
      'https://example.com/?a=1',
      '',
      'a=b',
      ' =x',
    ]);
  });

  it('writes neutralised cells quoted, the rest per RFC 4180', () => {
    const csv = stringify([['=HYPERLINK("h")', '+1+1', 'LOT-1', 'a,b', 3]], SAFE_CSV_OPTIONS);
    expect(csv).toBe(`"'=HYPERLINK(""h"")","'+1+1",LOT-1,"a,b",3\n`);
  });
});
