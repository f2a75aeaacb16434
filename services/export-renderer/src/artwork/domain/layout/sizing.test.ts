import { moduleSizeCheck, moduleSizeMm } from './sizing';
import { hriTokens } from './hri-block';
import { BaseNames, fileName } from '../zip/file-names';

describe('symbol sizing', () => {
  it('sizeMode total makes the symbol with its quiet zones exactly sizeMm wide', () => {
    // A 25-module QR plus 4 + 4 quiet modules in 33 mm: 1 mm modules.
    expect(moduleSizeMm('qr', 25, { sizeMode: 'total', sizeMm: 33, xdimMm: 0.5 })).toBeCloseTo(1, 12);
    expect(moduleSizeMm('dm', 18, { sizeMode: 'total', sizeMm: 10, xdimMm: 0.5 })).toBeCloseTo(0.5, 12);
    expect(moduleSizeMm('ean13', 95, { sizeMode: 'total', sizeMm: 37.29, xdimMm: 0.5 })).toBeCloseTo(0.33, 12);
  });

  it('sizeMode xdim fixes the module whatever the data', () => {
    expect(moduleSizeMm('qr', 41, { sizeMode: 'xdim', sizeMm: 25, xdimMm: 0.495 })).toBe(0.495);
  });

  it('flags modules outside the GS1 retail guidance, per symbology', () => {
    expect(moduleSizeCheck('qr', 0.396)).toBeNull();
    expect(moduleSizeCheck('dm', 0.99)).toBeNull();
    expect(moduleSizeCheck('qr', 0.39)).toMatch(/outside GS1 guidance/);
    expect(moduleSizeCheck('ean13', 0.33)).toBeNull();
    expect(moduleSizeCheck('ean13', 0.7)).toMatch(/0\.264-0\.66/);
  });
});

describe('HRI lines', () => {
  it('keeps each AI with its value', () => {
    expect(hriTokens('(01)09506000134352(17)261231(10)AB C')).toEqual([
      '(01) 09506000134352',
      '(17) 261231',
      '(10) AB C',
    ]);
  });
});

describe('zip entry names', () => {
  it('replaces / by _ and suffixes DataMatrix and EAN-13 files', () => {
    const names = new BaseNames();
    const base = names.next('01/09506000134352/10/ABC', 'a.example');
    expect([fileName(base, 'qr', 'pdf'), fileName(base, 'dm', 'pdf'), fileName(base, 'ean13', 'svg')]).toEqual([
      '01_09506000134352_10_ABC.pdf',
      '01_09506000134352_10_ABC.dm.pdf',
      '01_09506000134352_10_ABC.ean13.svg',
    ]);
  });

  it('never lets the same code on two domains overwrite each other', () => {
    const names = new BaseNames();
    expect(names.next('01/09506000134352', 'a.example')).toBe('01_09506000134352');
    expect(names.next('01/09506000134352', 'b.example')).toBe('01_09506000134352_b.example');
  });
});
