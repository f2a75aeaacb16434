/** One request of a load run through the gateway. */
export interface Call {
  routeClass: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  expected: number;
}

/**
 * The requests a load run sends: redirects (GET /<code> on the tenant's short domain, a random bench link) and API
 * calls, four kinds in turn (read a link, list links, create a link, read a link's analytics).
 */
export class RouteMix {
  private turn = 0;
  private created = 0;

  constructor(
    private readonly codes: readonly string[],
    private readonly host: string,
    private readonly apiKey: string,
  ) {}

  redirect(): Call {
    return {
      routeClass: 'redirect',
      method: 'GET',
      path: `/${this.pick()}`,
      headers: { host: this.host, 'user-agent': 'Mozilla/5.0 (bench) Firefox/128.0' },
      expected: 302,
    };
  }

  apiCall(): Call {
    this.turn += 1;
    const headers = { 'x-api-key': this.apiKey };
    switch (this.turn % 4) {
      case 0:
        return { routeClass: 'api GET link', method: 'GET', path: `/v1/links/${this.pick()}`, headers, expected: 200 };
      case 1:
        return {
          routeClass: 'api GET links (list)',
          method: 'GET',
          path: '/v1/links?limit=20',
          headers,
          expected: 200,
        };
      case 2:
        this.created += 1;
        return {
          routeClass: 'api POST link',
          method: 'POST',
          path: '/v1/links',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            destination: `https://example.com/bench/${this.created}`,
            code: `load-${process.pid}-${Date.now().toString(36)}-${this.created}`,
          }),
          expected: 201,
        };
      default:
        return {
          routeClass: 'api GET analytics',
          method: 'GET',
          path: `/v1/links/${this.pick()}/analytics?window=24h`,
          headers,
          expected: 200,
        };
    }
  }

  private pick(): string {
    return this.codes[Math.floor(Math.random() * this.codes.length)] as string;
  }
}
