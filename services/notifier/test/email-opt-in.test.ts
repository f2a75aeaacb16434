import { startSmtpSink, waitFor } from '@waymark/testkit';
import { clickFact, publishClicks, testEnv } from './support/notifier-harness';
import { useTenantNotifier } from './support/notifier-suite';

/** The raw message with quoted-printable soft line breaks undone, so a long link reads as one line. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('email channels: double opt-in', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    suite.atEnd(() => smtp.stop());
  });
  const suite = useTenantNotifier((receiver) =>
    testEnv({
      SMTP_URL: smtp.url,
      PUBLIC_BASE_URL: 'https://api.waymark.test',
      WEBHOOK_HTTP_ALLOWED_HOSTS: receiver.allowEntry,
    }),
  );

  it('delivers nothing before confirmation, and mail after the single-use link was opened', async () => {
    const address = 'ops@acme.test';
    const created = await suite.api.call('POST', '/v1/channels', {
      type: 'email',
      name: 'Ops',
      config: { email: address },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'email', confirmed: false, signed: false });
    expect(created.body.signingSecret).toBeUndefined();

    const [optIn] = await waitFor(() => smtp.mailsTo(address).length > 0 && smtp.mailsTo(address));
    const link = /https:\/\/api\.waymark\.test(\/v1\/email-confirmations\/[A-Za-z0-9_-]+)/.exec(
      decoded(optIn?.raw ?? ''),
    );
    expect(link).not.toBeNull();

    // A webhook channel on the same click is the witness that the click was fanned out while unconfirmed.
    const witness = await suite.api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: 'witness',
      config: { url: suite.receiver.url('/witness') },
    });
    const early = clickFact(suite.tenantId, [created.body.id, witness.body.id]);
    await publishClicks(suite.bus, [early]);
    await waitFor(() => suite.receiver.requestsTo('/witness').length === 1, { timeoutMs: 20_000 });

    const confirmation = await fetch(`${suite.notifier.baseUrl}${link?.[1]}`, { method: 'POST' });
    expect(confirmation.status).toBe(200);
    expect(await confirmation.json()).toEqual({ channelId: created.body.id, confirmed: true });
    expect((await fetch(`${suite.notifier.baseUrl}${link?.[1]}`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${suite.notifier.baseUrl}${link?.[1]}`)).status).toBe(404);
    expect(
      (await suite.api.call('GET', '/v1/channels')).body.channels.find((c: { id: string }) => c.id === created.body.id)
        .confirmed,
    ).toBe(true);

    const late = clickFact(suite.tenantId, [created.body.id]);
    await publishClicks(suite.bus, [late]);
    const clickMail = await waitFor(() => smtp.mailsTo(address).find((m) => decoded(m.raw).includes(late.eventId)), {
      timeoutMs: 20_000,
    });
    expect(decoded(clickMail.raw)).toContain(late.shortUrl);
    expect(smtp.mailsTo(address).some((m) => decoded(m.raw).includes(early.eventId))).toBe(false);
    expect(smtp.mailsTo(address)).toHaveLength(2);

    const log = await suite.api.call('GET', `/v1/channels/${created.body.id}/deliveries`);
    expect(log.body.deliveries).toEqual([
      expect.objectContaining({ eventId: late.eventId, outcome: 'delivered', attempt: 1, terminal: true }),
    ]);
  });

  it('opening the mailed link shows a page whose button confirms; the GET itself confirms nothing', async () => {
    const address = 'scanned@acme.test';
    const created = await suite.api.call('POST', '/v1/channels', {
      type: 'email',
      name: 'Scanned',
      config: { email: address },
    });
    const [optIn] = await waitFor(() => smtp.mailsTo(address).length > 0 && smtp.mailsTo(address));
    const path = /https:\/\/api\.waymark\.test(\/v1\/email-confirmations\/[A-Za-z0-9_-]+)/.exec(
      decoded(optIn?.raw ?? ''),
    )?.[1];
    for (let i = 0; i < 3; i += 1) {
      // A mail scanner following the link, more than once.
      const page = await fetch(`${suite.notifier.baseUrl}${path}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(await page.text()).toMatch(/<form method="post"><button type="submit">Confirm<\/button><\/form>/);
    }
    const stillUnconfirmed = (await suite.api.call('GET', '/v1/channels')).body.channels.find(
      (c: { id: string }) => c.id === created.body.id,
    );
    expect(stillUnconfirmed.confirmed).toBe(false);
    // The button: a browser's form post, answered with a page.
    const pressed = await fetch(`${suite.notifier.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: '',
    });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toMatch(/Confirmed/);
    expect(
      (await suite.api.call('GET', '/v1/channels')).body.channels.find((c: { id: string }) => c.id === created.body.id)
        .confirmed,
    ).toBe(true);
  });

  it("writes the requester's channel name into the opt-in mail bounded and HTML-escaped", async () => {
    const address = 'victim@acme.test';
    const name = '<a href="https://evil.example">Claim your prize</a> now at https://evil.example/win';
    await suite.api.call('POST', '/v1/channels', { type: 'email', name, config: { email: address } });
    const [optIn] = await waitFor(() => smtp.mailsTo(address).length > 0 && smtp.mailsTo(address));
    // Quoted-printable fully undone (soft breaks and every =XX byte), read as UTF-8.
    const qp = (optIn?.raw ?? '')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const raw = Buffer.from(qp, 'latin1').toString('utf8');
    const [text, html] = raw.split(/Content-Type: text\/html/i);
    expect(text).toContain('("<a href="https://evil.example">Claim yo…")');
    expect(html).not.toContain('<a href="https://evil.example">');
    expect(html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;Claim yo…');
    expect(raw).not.toContain('evil.example/win');
  });

  it('an unknown confirmation token is a 404', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${suite.notifier.baseUrl}/v1/email-confirmations/${'x'.repeat(43)}`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
  });
});
