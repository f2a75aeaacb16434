import { errorKindOf } from './error-kind';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('error kind of a failed attempt', () => {
  it.each([
    [withCode('ECONNREFUSED'), 'refused'],
    [withCode('ENOTFOUND'), 'dns'],
    [withCode('UND_ERR_HEADERS_TIMEOUT'), 'timeout'],
    [Object.assign(new Error('t'), { name: 'TimeoutError' }), 'timeout'],
    [withCode('DEPTH_ZERO_SELF_SIGNED_CERT'), 'tls'],
    [withCode('ERR_TLS_CERT_ALTNAME_INVALID'), 'tls'],
    [withCode('EWEBHOOKBLOCKED'), 'blocked'],
    [Object.assign(new Error('fetch failed'), { cause: withCode('ECONNREFUSED') }), 'refused'],
    [new Error('odd'), 'other'],
  ])('%p is %s', (error, kind) => {
    expect(errorKindOf(error)).toBe(kind);
  });
});
