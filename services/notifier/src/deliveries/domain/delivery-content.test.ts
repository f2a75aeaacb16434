import type { ClickEvent } from '@waymark/contracts';
import { clickMail, slackBody } from './delivery-content';

const event = (overrides: Partial<ClickEvent> = {}): ClickEvent => ({
  event: 'click',
  source: 'click',
  code: 'spring',
  shortUrl: 'https://go.acme.test/spring',
  title: 'Spring sale',
  destination: 'https://acme.test/sale?a=1&b=2',
  tags: {},
  createdAt: '2025-01-01T00:00:00.000Z',
  ts: 1_735_689_600_000,
  at: '2025-01-01T00:00:00.000Z',
  ip: '203.0.113.7',
  ua: 'Mozilla/5.0',
  referer: null,
  customerId: 'tenant-1',
  ...overrides,
});

const slack = (overrides: Partial<ClickEvent> = {}) =>
  JSON.parse(slackBody(event(overrides))) as { text: string; unfurl_links: boolean; unfurl_media: boolean };

describe('Slack message of a click', () => {
  it("shows a visitor's mention and disguised link as text: no channel ping, no link but the short URL's", () => {
    const { text } = slack({
      ua: '<!channel> <https://evil.example|Acme SSO - re-authenticate>',
      referer: '<@U024BE7LH> <!subteam^SAZ94GDB8>',
      title: '<!here> <#C024BE7LR>',
    });
    expect(text).not.toMatch(/<!|<@|<#|<https:\/\/evil/);
    expect(text).toContain('&lt;!channel&gt; &lt;https://evil.example|Acme SSO - re-authenticate&gt;');
    expect(text.match(/</g)).toEqual(['<']);
    expect(text).toContain('<https://go.acme.test/spring|https://go.acme.test/spring>');
  });

  it('escapes & as Slack asks and keeps bare @here or @name from being read as a mention', () => {
    const { text } = slack({ ua: 'bot @here @channel @alice', referer: 'https://ref.test/?x=1&y=2' });
    expect(text).toContain('https://acme.test/sale?a=1&amp;b=2');
    expect(text).toContain('https://ref.test/?x=1&amp;y=2');
    expect(text).not.toMatch(/@here|@channel|@alice/);
  });

  it('keeps each value on its own line, so a title cannot forge lines of the message', () => {
    const { text } = slack({ title: 'Sale\n*Click* on <https://evil.example|x>', ua: 'UA\u202Eevil' });
    expect(text.split('\n')).toHaveLength(3);
    expect(text).not.toContain('\u202E');
  });

  it('asks Slack not to unfurl the links, so a visitor-chosen Referer is never previewed', () => {
    expect(slack({ referer: 'https://evil.example/' })).toMatchObject({ unfurl_links: false, unfurl_media: false });
  });
});

describe('click mail', () => {
  it("keeps a visitor's line breaks from forging lines of the summary", () => {
    const { text } = clickMail(
      event({ ua: 'Mozilla\r\nEvent id: evt_forged', referer: 'https://r.test/\nDestination: https://evil.example' }),
      'evt_real',
    );
    const summary = text.split('\n\nEvent:')[0]?.split('\n') ?? [];
    expect(summary.filter((line) => line.startsWith('Event id:'))).toEqual(['Event id: evt_real']);
    expect(summary.filter((line) => line.startsWith('Destination:'))).toEqual([
      'Destination: https://acme.test/sale?a=1&b=2',
    ]);
  });

  it('has a one-line subject whatever the short URL holds', () => {
    expect(clickMail(event({ shortUrl: 'https://go.acme.test/x\r\nBcc: victim@evil.example' }), 'e').subject).toBe(
      'Click on https://go.acme.test/x\uFFFD\uFFFDBcc: victim@evil.example',
    );
  });
});
