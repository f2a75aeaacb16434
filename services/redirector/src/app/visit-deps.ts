import type { LinkStore } from './link-store';
import type { TenantDirectory } from './tenant-directory';
import type { ClickSink } from '../clicks/app/clicks-ports';

/** The ports the visit use cases need. */
export interface VisitDeps {
  readonly links: LinkStore;
  readonly tenants: TenantDirectory;
  readonly clicks: ClickSink;
  readonly isBot: (ua: string) => boolean;
}
