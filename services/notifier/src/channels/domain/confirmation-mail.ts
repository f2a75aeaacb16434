import escapeHtml from 'escape-html';

/**
 * The channel name is the one thing the requester writes into a mail sent to someone else's address: it is cut to
 * this length (so the opt-in mail cannot carry a message of the requester's choosing), quoted, and HTML-escaped.
 */
export const MAIL_CHANNEL_NAME_MAX = 40;

export function boundedName(name: string): string {
  const chars = [...name.replace(/\s+/g, ' ').trim()];
  return chars.length <= MAIL_CHANNEL_NAME_MAX
    ? chars.join('')
    : `${chars.slice(0, MAIL_CHANNEL_NAME_MAX - 1).join('')}…`;
}

/** The opt-in mail: the link leads to a page whose button confirms (a GET alone never does, so scanners cannot). */
export function confirmationMail(
  channelName: string,
  link: string,
  ttlHours: number,
): { subject: string; text: string; html: string } {
  const name = boundedName(channelName);
  const intro = 'Someone asked to send Waymark click and scan notifications';
  const validity = `valid for ${ttlHours} hours, usable once`;
  const ignore = 'If you did not expect this, ignore this mail: nothing is sent until the address is confirmed.';
  return {
    subject: 'Confirm Waymark click notifications',
    text: [
      `${intro} ("${name}") to this address.`,
      `Open this link and press Confirm (${validity}):`,
      '',
      link,
      '',
      ignore,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(intro)} (&ldquo;${escapeHtml(name)}&rdquo;) to this address.</p>`,
      `<p><a href="${escapeHtml(link)}">Open the confirmation page</a> and press Confirm (${escapeHtml(validity)}).</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}
