import type { DestinationScreener } from '@waymark/screening';
import type { TenantCreateInput } from '../domain/admin-schemas';

type Branding = NonNullable<TenantCreateInput['branding']>;

/**
 * Branding URLs reach visitors (the logo on branded pages, the fallback they are sent to), so they pass the same
 * screening as link destinations and are stored in its ASCII form. A refusal is 422 `destination_rejected`.
 */
export async function screenBranding<B extends Branding | undefined>(
  screener: DestinationScreener,
  branding: B,
): Promise<B> {
  if (!branding) return branding;
  const screened = { ...branding };
  if (branding.logoUrl !== undefined) screened.logoUrl = await screener.screen(branding.logoUrl);
  if (branding.fallbackUrl !== undefined) screened.fallbackUrl = await screener.screen(branding.fallbackUrl);
  return screened;
}
