import type { LinkAnalytics, TenantAnalytics } from './analytics-report';
import { getLinkAnalytics, type GetLinkAnalyticsDeps, type LinkAnalyticsQuery } from './get-link-analytics';
import { getTenantAnalytics, type TenantAnalyticsQuery } from './get-tenant-analytics';

/** What the analytics controllers ask for, bound to the service's repositories and clock. */
export interface ReportUseCases {
  linkAnalytics(query: LinkAnalyticsQuery): Promise<LinkAnalytics>;
  tenantAnalytics(query: TenantAnalyticsQuery): Promise<TenantAnalytics>;
}

export function reportUseCases(deps: GetLinkAnalyticsDeps): ReportUseCases {
  return {
    linkAnalytics: (query) => getLinkAnalytics(query, deps),
    tenantAnalytics: (query) => getTenantAnalytics(query, deps),
  };
}
