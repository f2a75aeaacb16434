/** The one thing read from a request; express's Request satisfies it. */
export interface HeaderSource {
  header(name: string): string | undefined;
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * The API key of a request (spec 5): `Authorization: Bearer <key>` or `x-api-key: <key>`. When both are sent
 * they must agree, so a proxy that injects one header cannot be silently overridden by the other.
 */
export function readApiKey(request: HeaderSource): { key?: string; conflict: boolean } {
  const authorization = request.header('authorization');
  const bearer = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  const header = request.header('x-api-key')?.trim() || undefined;
  if (bearer !== undefined && header !== undefined && bearer !== header) return { conflict: true };
  return { key: bearer ?? header, conflict: false };
}
