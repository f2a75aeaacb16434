import { z } from 'zod';
import { DEFAULT_DESTINATION_MAX_LENGTH } from './destination-screener';

const hostList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s.length > 0),
  )
  .pipe(z.array(z.string().regex(/^(\*\.|\.)?[a-z0-9.-]+(:\d{1,5})?$/, 'must be host names separated by commas')));

/**
 * The screening settings, spread into the configSchema of every service that writes redirect targets (link-api,
 * gs1-catalog), so both refuse the same destinations.
 */
export const screeningConfigShape = {
  /** Hosts refused as destinations, with their subdomains (`evil.example,*.tracker.example`). */
  DESTINATION_BLOCKLIST: hostList,
  /** Longest destination URL accepted. */
  DESTINATION_MAX_LENGTH: z.coerce.number().int().min(64).max(8192).default(DEFAULT_DESTINATION_MAX_LENGTH),
  /**
   * Front domains of this installation beyond the tenants' own (for example the redirector's host names): links to
   * them are refused as loops. Every tenant domain is refused already.
   */
  SHORT_DOMAINS: hostList,
};
