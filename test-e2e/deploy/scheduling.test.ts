import { readCompose } from './support/compose-file';
import { deploymentSchema, ofKind, readManifests } from './support/k8s-manifests';
import { SERVICES } from './support/service-catalog';
import { BACKGROUND_SERVICES, cpuWeightOfNice, niceOf } from '../system/support/scheduling';
import type { ServiceName } from '../system/support/service-process';

/*
 * Visitors first on a saturated host: the deploy files give the background services less CPU weight and a lower
 * priority than the visitor path, and the bench's production-shape harness may only apply priorities the deploy files
 * set. These keep the three in step.
 */
const compose = readCompose().services;
const manifests = readManifests();
const VISITOR_PATH = ['gateway', 'redirector'];
const DEFAULT_CPU_SHARES = 1024;

const sharesOf = (key: string) => Number((compose[key] as { cpu_shares?: unknown }).cpu_shares ?? DEFAULT_CPU_SHARES);
const podSpecOf = (name: string) => {
  const found = ofKind(manifests, 'Deployment').find((d) => d.metadata.name === name);
  return deploymentSchema.parse(found).spec.template.spec as Record<string, unknown> & {
    containers: { resources?: { requests: Record<string, unknown> } }[];
  };
};
const millicores = (cpu: unknown) => {
  const text = String(cpu);
  return text.endsWith('m') ? Number(text.slice(0, -1)) : Number(text) * 1000;
};
const priorityOf = (name: string) => {
  const className = podSpecOf(name).priorityClassName;
  const found = ofKind(manifests, 'PriorityClass').find((c) => c.metadata.name === className);
  if (!found) throw new Error(`${name}: no PriorityClass ${String(className)} in deploy/k8s`);
  return found as unknown as { value: number; preemptionPolicy?: string };
};

describe('visitors first on a saturated host', () => {
  it('gives the background services a lower CPU weight in compose than the visitor path, the API and the infrastructure', () => {
    for (const key of Object.keys(compose)) {
      const background = (BACKGROUND_SERVICES as readonly string[]).includes(key);
      expect({ key, background: sharesOf(key) < DEFAULT_CPU_SHARES }).toEqual({ key, background });
    }
  });

  it.each(SERVICES.map((s) => s.name as ServiceName))(
    'runs %s in the bench harness at the CPU weight compose gives it',
    (name) => {
      const ratio = cpuWeightOfNice(niceOf(name)) / (sharesOf(name) / DEFAULT_CPU_SHARES) / DEFAULT_CPU_SHARES;
      expect(Math.abs(Math.log(ratio))).toBeLessThan(Math.log(1.15));
    },
  );

  it('orders the Kubernetes priority classes visitor path > API > background, and background pods never preempt', () => {
    const background = BACKGROUND_SERVICES.map(priorityOf);
    const visitors = VISITOR_PATH.map(priorityOf);
    const api = SERVICES.map((s) => s.name)
      .filter((name) => !VISITOR_PATH.includes(name) && !(BACKGROUND_SERVICES as readonly string[]).includes(name))
      .map(priorityOf);
    const lowest = (classes: { value: number }[]) => Math.min(...classes.map((c) => c.value));
    const highest = (classes: { value: number }[]) => Math.max(...classes.map((c) => c.value));
    expect(lowest(visitors)).toBeGreaterThan(highest(api));
    expect(lowest(api)).toBeGreaterThan(highest(background));
    for (const c of background) expect(c.preemptionPolicy).toBe('Never');
  });

  it('requests at least as much CPU (the weight on a busy node) for the visitor path as for any background service', () => {
    const request = (name: string) => millicores(podSpecOf(name).containers[0]?.resources?.requests.cpu);
    const visitorLeast = Math.min(...VISITOR_PATH.map(request));
    for (const name of BACKGROUND_SERVICES)
      expect({ name, below: request(name) <= visitorLeast }).toEqual({ name, below: true });
  });
});
