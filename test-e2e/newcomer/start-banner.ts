/** What `npm start` prints once the system is up, as the newcomer reads it. */
export interface StartBanner {
  apiUrl: string;
  redirectorUrl: string;
  /** The command the banner says issues an API key, as words. */
  keyCommand: string[];
}

export const BANNER_READY = /^Waymark is running/m;
/** The banner's last line: once it is printed, every line above it is too. */
export const BANNER_END = /^ {2}Service health:.*$/m;

const field = (output: string, label: string) => new RegExp(`^ {2}${label}:\\s+(\\S.*?)\\s*$`, 'm').exec(output)?.[1];

/** The banner's URLs and key command, from the start command's output; throws naming the line it cannot find. */
export function parseStartBanner(output: string): StartBanner {
  const banner = output.slice(output.search(BANNER_READY));
  const apiUrl = field(banner, 'API base URL')?.split(/\s/)[0];
  const redirectorUrl = field(banner, 'Redirector')?.split(/\s/)[0];
  const keyCommand = field(banner, 'Create an API key')?.split(/\s+/);
  if (!apiUrl || !URL.canParse(apiUrl)) throw new Error('the banner has no "API base URL:" line with a URL');
  if (!redirectorUrl || !URL.canParse(redirectorUrl))
    throw new Error('the banner has no "Redirector:" line with a URL');
  if (!keyCommand || keyCommand[0] !== 'npm')
    throw new Error('the banner has no "Create an API key:" line with an npm command');
  return { apiUrl, redirectorUrl, keyCommand };
}
