import { toClickEvent, type ClickEvent, type ClickFact } from '@waymark/contracts';

/** The spec 6.1 body, serialised once per event: every webhook-class channel gets, and signs, these exact bytes. */
export function webhookBody(fact: ClickFact): string {
  return JSON.stringify(toClickEvent(fact));
}

/** Slack's incoming-webhook message format for the same event. */
export function slackBody(event: ClickEvent): string {
  const what = event.source === 'qr' ? 'QR scan' : 'Click';
  const lines = [
    `*${what}* on <${event.shortUrl}|${event.shortUrl}>${event.title ? ` (${event.title})` : ''}`,
    `→ ${event.destination}`,
    `${event.at} · ${event.ua || 'unknown agent'}${event.referer ? ` · from ${event.referer}` : ''}`,
  ];
  return JSON.stringify({ text: lines.join('\n') });
}

/** Email channel content (spec 6.2 leaves it open): a plain-text summary and the event as JSON. */
export function clickMail(event: ClickEvent, eventId: string): { subject: string; text: string } {
  const what = event.source === 'qr' ? 'QR scan' : 'Click';
  return {
    subject: `${what} on ${event.shortUrl}`,
    text: [
      `${what} on ${event.shortUrl}${event.title ? ` (${event.title})` : ''} at ${event.at}.`,
      `Destination: ${event.destination}`,
      `Referrer: ${event.referer ?? 'none'}`,
      `User agent: ${event.ua}`,
      `Event id: ${eventId}`,
      '',
      'Event:',
      JSON.stringify(event, null, 2),
    ].join('\n'),
  };
}
