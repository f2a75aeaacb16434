import { elementStringFnc1, elementStringHri, elementStringRaw, GS } from './element-string';
import { parseElementString } from './element-string-parse';

const key = { gtin: '9506000134352', cpv: '2A', batch: 'AB(1)', serial: '12345' };

describe('GS1 element strings', () => {
  it('renders the human-readable form with predefined-length AIs first', () => {
    expect(elementStringHri(key, { '17': '261231' })).toBe('(01)09506000134352(17)261231(22)2A(10)AB(1)(21)12345');
  });

  it('separates variable-length values with GS, never after the last one', () => {
    expect(elementStringRaw(key, { '17': '261231' })).toBe(`010950600013435217261231222A${GS}10AB(1)${GS}2112345`);
    expect(elementStringRaw({ gtin: '09506000134352' })).toBe('0109506000134352');
  });

  it('gives bwip-js a leading FNC1 and FNC1 separators', () => {
    expect(elementStringFnc1({ gtin: '09506000134352', batch: 'ABC', serial: 'X1' })).toBe(
      '^FNC1010950600013435210ABC^FNC121X1',
    );
  });

  it('parses what a scanner returns, with or without the symbology identifier', () => {
    expect(parseElementString(`]d20109506000134352${'10ABC'}${GS}21X1`)).toEqual({
      ok: true,
      value: { key: { gtin: '09506000134352', batch: 'ABC', serial: 'X1' }, attributes: {} },
    });
    expect(parseElementString('010950600013435217261200').ok).toBe(true);
  });

  it('refuses scanner data that is not a valid element string', () => {
    const reason = (s: string) => {
      const r = parseElementString(s);
      return r.ok ? undefined : r.issue.reason;
    };
    expect(reason('0109506000134353')).toBe('bad_check_digit');
    expect(reason('01095060001343')).toBe('missing_value');
    expect(reason('10ABC')).toBe('missing_primary_key');
    expect(reason('010950600013435204X')).toBe('unknown_ai');
    expect(reason(`0109506000134352${'10A'}${GS}10B`)).toBe('duplicate_ai');
  });
});
