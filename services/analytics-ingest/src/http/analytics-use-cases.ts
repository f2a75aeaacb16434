import type { LinkAnalytics, TenantAnalytics } from '../app/analytics-report';
import type { LinkAnalyticsQuery } from '../app/get-link-analytics';
import type { TenantAnalyticsQuery } from '../app/get-tenant-analytics';

/** What the controllers need, bound to the service's repositories and clock. */
export interface AnalyticsUseCases {
  linkAnalytics(query: LinkAnalyticsQuery): Promise<LinkAnalytics>;
  tenantAnalytics(query: TenantAnalyticsQuery): Promise<TenantAnalytics>;
}
