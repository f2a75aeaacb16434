import { useEffect, useState } from 'react';

/** Hash routes (`#/links/localhost:8081/abc`): static hosting needs no server-side fallback for deep links. */
export type Route =
  | { page: 'links' }
  | { page: 'link'; domain: string; code: string }
  | { page: 'channels' }
  | { page: 'channel'; id: string }
  | { page: 'analytics' }
  | { page: 'gs1' }
  | { page: 'gs1-record'; domain: string; code: string }
  | { page: 'exports' }
  | { page: 'key' };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  if (parts[0] === 'links' && parts[1] && parts[2])
    return { page: 'link', domain: parts[1], code: parts.slice(2).join('/') };
  if (parts[0] === 'channels' && parts[1]) return { page: 'channel', id: parts[1] };
  if (parts[0] === 'channels') return { page: 'channels' };
  if (parts[0] === 'analytics') return { page: 'analytics' };
  if (parts[0] === 'gs1' && parts[1] && parts[2])
    return { page: 'gs1-record', domain: parts[1], code: parts.slice(2).join('/') };
  if (parts[0] === 'gs1') return { page: 'gs1' };
  if (parts[0] === 'exports') return { page: 'exports' };
  if (parts[0] === 'key') return { page: 'key' };
  return { page: 'links' };
}

/**
 * A code's segments are encoded one by one, as parseRoute decodes them: a GS1 path keeps its own percent-encoding
 * (`10/A%2FB` stays that, not `10/A/B`), and its slashes stay readable in the address bar.
 */
const encodePath = (code: string) => code.split('/').map(encodeURIComponent).join('/');

export const linkHref = (domain: string, code: string) => `#/links/${encodeURIComponent(domain)}/${encodePath(code)}`;
export const gs1RecordHref = (domain: string, code: string) =>
  `#/gs1/${encodeURIComponent(domain)}/${encodePath(code)}`;
export const channelHref = (id: string) => `#/channels/${encodeURIComponent(id)}`;

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
