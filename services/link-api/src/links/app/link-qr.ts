import { z } from 'zod';
import { DomainName, scanUrlOf } from '@waymark/contracts';
import { findLink } from './find-link';
import type { LinkActor, LinkRepository } from './link-ports';
import { qrSvg } from '../domain/qr-svg';

export const QR_SCALE_DEFAULT = 8;

/** `?scale=1..40` (module size in px, default 8) and `?domain=` for a code on several domains. */
export const LinkQrQuery = z.object({
  scale: z.coerce.number().int().min(1).max(40).default(QR_SCALE_DEFAULT),
  domain: DomainName.optional(),
});
export type LinkQrQuery = z.output<typeof LinkQrQuery>;

/**
 * GET /v1/links/{code}/qr: the SVG encodes the short URL with the scan marker (`?s=q`), never the destination, so a
 * printed code follows every re-pointing of the link and the redirector counts it as a scan.
 */
export function linkQr(deps: { links: LinkRepository }) {
  return async (actor: LinkActor, code: string, { scale, domain }: LinkQrQuery): Promise<string> => {
    const link = await findLink(deps.links, actor, code, domain);
    return qrSvg(scanUrlOf(link.domain, link.code), scale);
  };
}
