import { MANIFEST_COLUMNS, manifestCsv, type ManifestRow } from './manifest';

test('tenant values that a spreadsheet would run as formulas are written as quoted text', () => {
  const row = Object.fromEntries(MANIFEST_COLUMNS.map((c) => [c, 'x'])) as ManifestRow;
  const csv = manifestCsv([
    { ...row, batch: '=HYPERLINK("h")', serial: '+1+1', cpv: '@A1', destination: '-1' },
  ]).toString('utf8');
  const [, line] = csv.trim().split('\n');
  expect(line).toBe(`x,x,"'@A1","'=HYPERLINK(""h"")","'+1+1",x,"'-1",x,x,x,x,x`);
});
