/**
 * Line breaks and other C0/C1 controls, and the bidirectional controls that can make a reader see text in another
 * order than it was written (a visitor's User-Agent can hold any of them).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A value as one line of plain text: every control becomes U+FFFD, so it can neither start a line nor hide. */
export function oneLine(value: string): string {
  return value.replace(CONTROLS, '\uFFFD');
}

/**
 * A value shown as text in Slack's mrkdwn. Slack parses `&`, `<` and `>` as markup (`<url|label>` links,
 * `<!channel>` and `<@U…>` mentions) and asks for exactly these three as entities. A word joiner after `@` keeps
 * `@here` or `@someone` from being read as a mention by workspaces that link bare names.
 */
export function slackText(value: string): string {
  return oneLine(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@(?=\w)/g, '@\u2060');
}

/** A Slack link `<url|label>`: the URL escaped as Slack asks, `|` percent-encoded so it cannot end the URL early. */
export function slackLink(url: string, label: string): string {
  const target = oneLine(url).replace(/&/g, '&amp;').replace(/</g, '%3C').replace(/>/g, '%3E').replace(/\|/g, '%7C');
  return `<${target}|${slackText(label)}>`;
}
