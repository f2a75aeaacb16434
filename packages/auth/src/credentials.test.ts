import { readApiKey } from './credentials';

const req = (headers: Record<string, string>) => ({
  header: (name: string) => headers[name.toLowerCase()],
});

describe('readApiKey', () => {
  it('reads Authorization: Bearer', () => {
    expect(readApiKey(req({ authorization: 'Bearer wm_live_abc' }))).toEqual({ key: 'wm_live_abc', conflict: false });
    expect(readApiKey(req({ authorization: 'bearer   wm_live_abc ' }))).toEqual({
      key: 'wm_live_abc',
      conflict: false,
    });
  });

  it('reads x-api-key', () => {
    expect(readApiKey(req({ 'x-api-key': 'wm_live_abc' }))).toEqual({ key: 'wm_live_abc', conflict: false });
  });

  it('ignores other Authorization schemes', () => {
    expect(readApiKey(req({ authorization: 'Basic dXNlcjpwYXNz' }))).toEqual({ key: undefined, conflict: false });
  });

  it('flags two different keys in the two headers', () => {
    expect(readApiKey(req({ authorization: 'Bearer a', 'x-api-key': 'b' }))).toEqual({ conflict: true });
    expect(readApiKey(req({ authorization: 'Bearer a', 'x-api-key': 'a' }))).toEqual({ key: 'a', conflict: false });
  });
});
