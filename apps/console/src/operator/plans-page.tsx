import { useState } from 'react';
import { Empty, ErrorState, Loading } from '../ui/states';
import { usePlans } from './operator-queries';
import type { PlanView } from './admin-types';
import { PlanLimits } from './plan-limits';
import { PlanForm } from './plan-form';

/** Every plan with its limits; a change reaches every tenant on the plan at once. */
export function PlansPage() {
  const plans = usePlans();
  return (
    <>
      <h1>Plans</h1>
      <section className="card" aria-labelledby="create-plan-title">
        <h2 id="create-plan-title">Create a plan</h2>
        <PlanForm />
      </section>
      <section className="card" aria-labelledby="plans-title">
        <h2 id="plans-title">All plans</h2>
        {plans.isPending && <Loading what="plans" />}
        {plans.isError && <ErrorState error={plans.error} />}
        {plans.data?.plans.length === 0 && <Empty>No plans yet. Create one above.</Empty>}
        <ul className="plans">
          {plans.data?.plans.map((plan) => (
            <PlanItem key={plan.name} plan={plan} />
          ))}
        </ul>
      </section>
    </>
  );
}

function PlanItem({ plan }: { plan: PlanView }) {
  const [editing, setEditing] = useState(false);
  return (
    <li>
      <h3>{plan.name}</h3>
      {editing ? (
        <PlanForm plan={plan} onDone={() => setEditing(false)} />
      ) : (
        <>
          <PlanLimits plan={plan} />
          <button type="button" onClick={() => setEditing(true)}>
            Change {plan.name}
          </button>
        </>
      )}
    </li>
  );
}
