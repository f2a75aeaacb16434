/** Host of a Referer header, lower-cased and without a leading "www."; '' for none or an unparsable value. */
export function referrerHost(referer: string | null): string {
  if (!referer) return '';
  try {
    const host = new URL(referer).hostname.toLowerCase();
    return host.startsWith('www.') ? host.slice(4) : host;
  } catch {
    return '';
  }
}
