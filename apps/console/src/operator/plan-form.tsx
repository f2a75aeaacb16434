import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../session';
import { ErrorState } from '../ui/states';
import { useOperatorClient } from './operator-context';
import { PLANS_QUERY, TENANTS_QUERY } from './operator-queries';
import type { PlanView, PlanWrite } from './admin-types';

const FIELDS: { field: keyof PlanWrite; label: string; min: number; max: number }[] = [
  { field: 'rateLimitPerMinute', label: 'Requests per minute (all keys together)', min: 1, max: 1_000_000 },
  { field: 'burst', label: 'Burst (requests at once on top)', min: 1, max: 1_000_000 },
  { field: 'bulkRowCap', label: 'Rows per bulk request', min: 1, max: 500 },
  { field: 'exportsPerHour', label: 'Exports per hour', min: 0, max: 1_000_000 },
];

const NEW_PLAN: PlanWrite = { rateLimitPerMinute: 600, burst: 100, bulkRowCap: 500, exportsPerHour: 10 };

/** Creates a plan (no `plan` given) or changes one; the API applies a change to its tenants at once. */
export function PlanForm({ plan, onDone }: { plan?: PlanView; onDone?: () => void }) {
  const client = useOperatorClient();
  const queryClient = useQueryClient();
  const [name, setName] = useState(plan?.name ?? '');
  const [limits, setLimits] = useState<Record<keyof PlanWrite, string>>(() => {
    const start = plan ?? NEW_PLAN;
    return Object.fromEntries(FIELDS.map(({ field }) => [field, String(start[field])])) as Record<
      keyof PlanWrite,
      string
    >;
  });
  const idPrefix = plan ? `plan-${plan.name}` : 'new-plan';
  const save = useMutation({
    mutationFn: async () => {
      const body = Object.fromEntries(FIELDS.map(({ field }) => [field, Number(limits[field])])) as PlanWrite;
      return unwrap(await client.PUT('/admin/v1/plans/{name}', { params: { path: { name: name.trim() } }, body }));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PLANS_QUERY });
      void queryClient.invalidateQueries({ queryKey: TENANTS_QUERY });
      if (!plan) setName('');
      onDone?.();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const title = plan ? `Change plan ${plan.name}` : 'Create a plan';
  return (
    <form className="grid-form" onSubmit={submit} aria-label={title}>
      {!plan && (
        <>
          <label htmlFor={`${idPrefix}-name`}>Name</label>
          <input
            id={`${idPrefix}-name`}
            required
            maxLength={63}
            aria-describedby={`${idPrefix}-name-hint`}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <p className="hint" id={`${idPrefix}-name-hint`}>
            Lower-case letters, digits, _ or -; an existing name changes that plan.
          </p>
        </>
      )}
      {FIELDS.map(({ field, label, min, max }) => (
        <div key={field} className="grid-form">
          <label htmlFor={`${idPrefix}-${field}`}>{label}</label>
          <input
            id={`${idPrefix}-${field}`}
            type="number"
            required
            min={min}
            max={max}
            step={1}
            value={limits[field]}
            onChange={(e) => setLimits({ ...limits, [field]: e.target.value })}
          />
        </div>
      ))}
      {save.isError && <ErrorState error={save.error} />}
      {save.isSuccess && !plan && <p role="status">Plan {save.data.name} saved.</p>}
      <div className="actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : plan ? 'Save plan' : 'Create plan'}
        </button>
        {onDone && (
          <button type="button" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
