/**
 * WEBHOOK_HTTP_ALLOWED_HOSTS entries: `host:port` only. An entry lifts the https and address checks for one port, so
 * a bare host (every port: PostgreSQL's, the object store's, each service's) is refused. Hosts are written the way
 * WHATWG URL writes them (lower case, punycode, numeric IPv4 forms such as `2130706433` or `127.1` as dotted
 * decimal), the same form checkWebhookUrl matches URLs in.
 */
export type AllowedHostEntry = { ok: true; entry: string } | { ok: false; reason: string };

const HOST_PORT = /^([^\s/?#@\\]+):(\d{1,5})$/;

export function parseAllowedHost(raw: string): AllowedHostEntry {
  const match = HOST_PORT.exec(raw.trim());
  if (!match) {
    return { ok: false, reason: `"${raw}" is not host:port (a bare host would open every port of that host)` };
  }
  const port = Number(match[2]);
  if (port < 1 || port > 65_535) return { ok: false, reason: `"${raw}" has no valid port (1 to 65535)` };
  let hostname: string;
  try {
    hostname = new URL(`http://${match[1]}/`).hostname;
  } catch {
    return { ok: false, reason: `"${raw}" has no valid host` };
  }
  return { ok: true, entry: `${hostname}:${port}` };
}

/** The entry a URL would need: its normalised host and its port, the scheme's default when it names none. */
export function allowedHostKey(url: URL): string | null {
  const port = url.port || { 'http:': '80', 'https:': '443' }[url.protocol];
  return port ? `${url.hostname}:${port}` : null;
}

/** The start-up line that says what the allowlist opens. */
export function allowlistNotice(entries: readonly string[]): string {
  return entries.length === 0
    ? 'webhooks go to public addresses over https only (WEBHOOK_HTTP_ALLOWED_HOSTS is empty)'
    : `WEBHOOK_HTTP_ALLOWED_HOSTS opens ${entries.join(', ')} to every tenant's webhooks: plain http allowed, ` +
        'address checks skipped';
}
