import { env } from './fields';

describe('environment fields', () => {
  it.each([
    ['250ms', 250],
    ['30s', 30_000],
    ['5m', 300_000],
    ['1.5h', 5_400_000],
    ['7d', 604_800_000],
  ])('duration %s is %d ms', (raw, ms) => {
    expect(env.duration().parse(raw)).toBe(ms);
  });

  it.each(['30', '5 minutes', '-1s', ''])('duration refuses %p', (raw) => {
    expect(env.duration().safeParse(raw).success).toBe(false);
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('boolean %s is %s', (raw, value) => {
    expect(env.boolean().parse(raw)).toBe(value);
  });

  it.each(['yes', 'on', '2'])('boolean refuses %p instead of guessing', (raw) => {
    expect(env.boolean().safeParse(raw).success).toBe(false);
  });

  it('port accepts 0..65535 only', () => {
    expect(env.port().parse('0')).toBe(0);
    expect(env.port().parse('65535')).toBe(65535);
    expect(env.port().safeParse('65536').success).toBe(false);
    expect(env.port().safeParse('80a').success).toBe(false);
  });

  it('broker list splits, trims and checks each host:port', () => {
    expect(env.brokerList().parse('a:1,b.example:9092 , 127.0.0.1:3')).toEqual([
      'a:1',
      'b.example:9092',
      '127.0.0.1:3',
    ]);
    expect(env.brokerList().safeParse('a:1,b').success).toBe(false);
    expect(env.brokerList().safeParse(' , ').success).toBe(false);
    expect(env.brokerList().safeParse('a:99999').success).toBe(false);
  });

  it('url checks absoluteness and, when asked, the protocol', () => {
    expect(env.url().parse('redis://cache:6379')).toBe('redis://cache:6379');
    expect(env.url().safeParse('not a url').success).toBe(false);
    expect(env.url(['https']).safeParse('http://x.test').success).toBe(false);
  });

  it('log level and secret', () => {
    expect(env.logLevel().parse('debug')).toBe('debug');
    expect(env.logLevel().safeParse('verbose').success).toBe(false);
    expect(env.secret(4).safeParse('abc').success).toBe(false);
    expect(env.secret(4).parse('abcd')).toBe('abcd');
  });

  it('reads a comma-separated list of browser origins and refuses paths or bare hosts', () => {
    expect(env.originList().parse('https://console.acme.example, http://localhost:5173')).toEqual([
      'https://console.acme.example',
      'http://localhost:5173',
    ]);
    expect(env.originList().parse('')).toEqual([]);
    for (const raw of ['https://console.acme.example/', 'console.acme.example', 'https://a.example/app']) {
      expect({ raw, ok: env.originList().safeParse(raw).success }).toEqual({ raw, ok: false });
    }
  });
});
