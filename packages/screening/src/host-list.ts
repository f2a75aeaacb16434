/**
 * A set of host names matched with their subdomains: `example.com` also covers `www.example.com`. Entries may be
 * written `*.example.com` or `.example.com` (the same meaning). Comparison is case-insensitive, ignores a trailing
 * dot, and a `:port` on either side is ignored.
 */
export class HostList {
  private readonly hosts: ReadonlySet<string>;

  constructor(entries: Iterable<string>) {
    const hosts = new Set<string>();
    for (const entry of entries) {
      const host = normaliseHost(entry.trim().replace(/^\*?\./, ''));
      if (host) hosts.add(host);
    }
    this.hosts = hosts;
  }

  get size(): number {
    return this.hosts.size;
  }

  /** The entry that covers `host`, or null. */
  match(host: string): string | null {
    let candidate = normaliseHost(host);
    for (;;) {
      if (this.hosts.has(candidate)) return candidate;
      const dot = candidate.indexOf('.');
      if (dot < 0) return null;
      candidate = candidate.slice(dot + 1);
    }
  }
}

export function normaliseHost(host: string): string {
  const lower = host.toLowerCase();
  const withoutPort = lower.startsWith('[') ? lower.replace(/\]:\d+$/, ']') : lower.replace(/:\d+$/, '');
  return withoutPort.replace(/\.$/, '');
}
