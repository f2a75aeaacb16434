import { hostOf, txtProvesControl, verificationRecord } from './domain-verification';

describe('domain verification', () => {
  it('names the TXT record under _waymark without the port', () => {
    expect(verificationRecord('go.acme.com', 'abc')).toEqual({
      recordName: '_waymark.go.acme.com',
      recordType: 'TXT',
      value: 'waymark-verification=abc',
    });
    expect(hostOf('localhost:8081')).toBe('localhost');
  });

  it('accepts the token split across TXT chunks and refuses anything else', () => {
    expect(txtProvesControl([['v=spf1 -all'], ['waymark-verif', 'ication=abc']], 'abc')).toBe(true);
    expect(txtProvesControl([['waymark-verification=abcd']], 'abc')).toBe(false);
    expect(txtProvesControl([], 'abc')).toBe(false);
  });
});
