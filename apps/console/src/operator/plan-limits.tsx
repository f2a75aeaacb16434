import type { PlanWrite } from './admin-types';

/** A plan's limits, in the words the operator API documents them with. */
export function PlanLimits({ plan }: { plan: PlanWrite }) {
  return (
    <dl className="details">
      <dt>Requests per minute</dt>
      <dd>{plan.rateLimitPerMinute}</dd>
      <dt>Burst</dt>
      <dd>{plan.burst}</dd>
      <dt>Rows per bulk request</dt>
      <dd>{plan.bulkRowCap}</dd>
      <dt>Exports per hour</dt>
      <dd>{plan.exportsPerHour}</dd>
    </dl>
  );
}
