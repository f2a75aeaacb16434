import { createHmac } from 'node:crypto';
import { InMemoryReplayGuard, type ReplayGuard } from './replay-guard';
import { verifyWebhook, WebhookReplayError, WebhookVerificationError } from './webhooks';

// The Standard Webhooks suite's fixtures: its secret, message id and body, and its published signing vector.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const BODY = '{"test": 2432232314}';
const VECTOR = { id: 'msg_p5jXN8AQM9LWM0D4loKWxJek', ts: 1614265330 };
const VECTOR_SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';

let sequence = 0;
/** Headers of a delivery signed at `ts` (seconds), under a fresh id unless one is given. */
function signed(ts = Math.floor(Date.now() / 1000), id = `msg_test_${++sequence}`, body = BODY) {
  const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': `v1,${signature}` };
}

const noGuard = { replayGuard: false as const };

describe('verifyWebhook, by the Standard Webhooks test vectors', () => {
  afterEach(() => jest.useRealTimers());

  it("accepts the standard's published signature at its timestamp", () => {
    jest.useFakeTimers({ now: VECTOR.ts * 1000 });
    const headers = {
      'webhook-id': VECTOR.id,
      'webhook-timestamp': String(VECTOR.ts),
      'webhook-signature': VECTOR_SIGNATURE,
    };
    expect(verifyWebhook(SECRET, BODY, headers, noGuard)).toEqual({ test: 2432232314 });
    expect(signed(VECTOR.ts, VECTOR.id)['webhook-signature']).toBe(VECTOR_SIGNATURE);
  });

  it('accepts a valid signature, with or without the whsec_ prefix of the secret', () => {
    expect(verifyWebhook(SECRET, BODY, signed(), noGuard)).toEqual({ test: 2432232314 });
    expect(verifyWebhook(SECRET.slice('whsec_'.length), BODY, signed(), noGuard)).toEqual({ test: 2432232314 });
  });

  it('accepts a header of several signatures when one of them is valid', () => {
    const headers = signed();
    const other = 'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=';
    headers['webhook-signature'] = [
      other,
      'v2,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=',
      headers['webhook-signature'],
      other,
    ].join(' ');
    expect(verifyWebhook(SECRET, BODY, headers, noGuard)).toEqual({ test: 2432232314 });
  });

  it.each([
    ['the id is missing', (h: Record<string, string>) => delete h['webhook-id']],
    ['the timestamp is missing', (h: Record<string, string>) => delete h['webhook-timestamp']],
    ['the signature is missing', (h: Record<string, string>) => delete h['webhook-signature']],
    ['the signature is wrong', (h: Record<string, string>) => (h['webhook-signature'] = 'v1,dawfeoifkpqwoekfpqoekf')],
    [
      'the signature is cut short',
      (h: Record<string, string>) => (h['webhook-signature'] = h['webhook-signature']!.slice(0, 8)),
    ],
    ['the signature is empty', (h: Record<string, string>) => (h['webhook-signature'] = 'v1,')],
    ['the timestamp is not a number', (h: Record<string, string>) => (h['webhook-timestamp'] = 'hello')],
  ])('refuses a delivery when %s', (_what, spoil) => {
    const headers: Record<string, string> = signed();
    spoil(headers);
    expect(() => verifyWebhook(SECRET, BODY, headers, noGuard)).toThrow(WebhookVerificationError);
  });

  it('refuses a timestamp more than 5 minutes old or ahead', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(() => verifyWebhook(SECRET, BODY, signed(now - 301), noGuard)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(SECRET, BODY, signed(now + 301), noGuard)).toThrow(WebhookVerificationError);
  });

  it.each(['abc', '.5', 'e0', ' ', '\n'])('refuses a signed timestamp followed by %j', (suffix) => {
    const headers = signed();
    headers['webhook-timestamp'] += suffix;
    expect(() => verifyWebhook(SECRET, BODY, headers, noGuard)).toThrow(/not a whole number of seconds/);
  });

  it.each(['+', ' ', '0x'])('refuses a timestamp written with a leading %j', (prefix) => {
    const headers = signed();
    headers['webhook-timestamp'] = `${prefix}${headers['webhook-timestamp']}`;
    expect(() => verifyWebhook(SECRET, BODY, headers, noGuard)).toThrow(WebhookVerificationError);
  });
});

describe("verifyWebhook's replay guard", () => {
  it('refuses the same delivery verified a second time within the tolerance, by default', () => {
    const headers = signed();
    expect(verifyWebhook(SECRET, BODY, headers)).toEqual({ test: 2432232314 });
    expect(() => verifyWebhook(SECRET, BODY, headers)).toThrow(WebhookReplayError);
  });

  it("lets the sender's retry through: signed again at its own time, with the same id", () => {
    const headers = signed();
    expect(verifyWebhook(SECRET, BODY, headers)).toEqual({ test: 2432232314 });
    const retried = signed(Number(headers['webhook-timestamp']) + 30, headers['webhook-id']);
    expect(verifyWebhook(SECRET, BODY, retried)).toEqual({ test: 2432232314 });
    expect(() => verifyWebhook(SECRET, BODY, retried)).toThrow(WebhookReplayError);
  });

  it('does not record a delivery that failed verification', () => {
    const headers = signed();
    expect(() => verifyWebhook(SECRET, '{"test": 1}', headers)).toThrow(WebhookVerificationError);
    expect(verifyWebhook(SECRET, BODY, headers)).toEqual({ test: 2432232314 });
  });

  it("keeps an id until its timestamp's window ends, in the store the caller gives", () => {
    const calls: [string, number][] = [];
    const store: ReplayGuard = { firstSeen: (id, until) => (calls.push([id, until]), true) };
    const ts = Math.floor(Date.now() / 1000);
    verifyWebhook(SECRET, BODY, signed(ts, 'msg_custom'), { replayGuard: store });
    expect(calls).toEqual([[`msg_custom.${ts}`, (ts + 300) * 1000]]);
  });

  it('forgets an id once its window has passed, so memory stays bounded', () => {
    const guard = new InMemoryReplayGuard();
    expect(guard.firstSeen('a', 1_000, 0)).toBe(true);
    expect(guard.firstSeen('a', 1_000, 999)).toBe(false);
    expect(guard.firstSeen('b', 3_000, 1_000)).toBe(true);
    expect(guard.size).toBe(1);
  });
});
