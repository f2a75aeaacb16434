import { toClickEvent, type ClickEvent, type ClickFact } from '@waymark/contracts';
import { oneLine, slackLink, slackText } from './untrusted-text';

/** The spec 6.1 body, serialised once per event: every webhook-class channel gets, and signs, these exact bytes. */
export function webhookBody(fact: ClickFact): string {
  return JSON.stringify(toClickEvent(fact));
}

/**
 * Slack's incoming-webhook message for the same event. Every value is escaped as text (the title, destination, and
 * the visitor's User-Agent and Referer are not Waymark's to format), and Slack is asked not to unfurl: a preview of
 * a visitor-chosen Referer would be that visitor's content in the channel.
 */
export function slackBody(event: ClickEvent): string {
  const what = event.source === 'qr' ? 'QR scan' : 'Click';
  const lines = [
    `*${what}* on ${slackLink(event.shortUrl, event.shortUrl)}${event.title ? ` (${slackText(event.title)})` : ''}`,
    `→ ${slackText(event.destination)}`,
    `${event.at} · ${slackText(event.ua || 'unknown agent')}${event.referer ? ` · from ${slackText(event.referer)}` : ''}`,
  ];
  return JSON.stringify({ text: lines.join('\n'), unfurl_links: false, unfurl_media: false });
}

/**
 * Email channel content (spec 6.2 leaves it open): a plain-text summary and the event as JSON. Plain text only, so
 * there is no markup to inject; each value is kept to one line so a visitor's value cannot forge a line of the
 * summary, and the subject stays one header line.
 */
export function clickMail(event: ClickEvent, eventId: string): { subject: string; text: string } {
  const what = event.source === 'qr' ? 'QR scan' : 'Click';
  const title = event.title ? ` (${oneLine(event.title)})` : '';
  return {
    subject: `${what} on ${oneLine(event.shortUrl)}`,
    text: [
      `${what} on ${oneLine(event.shortUrl)}${title} at ${event.at}.`,
      `Destination: ${oneLine(event.destination)}`,
      `Referrer: ${event.referer === null ? 'none' : oneLine(event.referer)}`,
      `User agent: ${oneLine(event.ua)}`,
      `Event id: ${eventId}`,
      '',
      'Event:',
      JSON.stringify(event, null, 2),
    ].join('\n'),
  };
}
