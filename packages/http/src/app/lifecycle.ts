/**
 * Apps whose server has begun a graceful shutdown. `/readyz` answers 503 for them, so a load balancer stops
 * routing new work here while in-flight requests drain.
 */
const draining = new WeakSet<object>();

export function markDraining(app: object): void {
  draining.add(app);
}

export function isDraining(app: object): boolean {
  return draining.has(app);
}
