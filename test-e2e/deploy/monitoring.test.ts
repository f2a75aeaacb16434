import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { exposedMetricNames, metricsInPromQL } from './support/exposed-metrics';
import { REPO_ROOT } from './support/service-catalog';

const MONITORING = path.join(REPO_ROOT, 'deploy', 'monitoring');
const exposed = exposedMetricNames();

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

describe('deploy/monitoring', () => {
  it('reads the metric names from the code, including the new operator metrics', () => {
    for (const name of [
      'event_consumer_lag_messages',
      'outbox_oldest_pending_age_seconds',
      'notifier_delivery_attempts_total',
      'export_render_duration_seconds_bucket',
      'redirector_clicks_published_total',
      'process_cpu_seconds_total',
    ]) {
      expect(exposed).toContain(name);
    }
    expect(metricsInPromQL('sum by (group) (rate(a_total{x="y"}[5m])) / max(b) > 0.2 and c offset 5m')).toEqual([
      'a_total',
      'b',
      'c',
    ]);
  });

  it('has alert rules Prometheus can load, on metrics the services expose, covering lag, outbox, deliveries, exports', () => {
    const file = parse(readFileSync(path.join(MONITORING, 'alert-rules.yaml'), 'utf8')) as {
      groups: { name: string; rules: Rule[] }[];
    };
    const rules = file.groups.flatMap((group) => group.rules);
    for (const rule of rules) {
      expect({
        alert: rule.alert,
        expr: typeof rule.expr,
        severity: rule.labels?.severity,
        summary: typeof rule.annotations?.summary,
      }).toEqual({
        alert: expect.stringMatching(/^Waymark\w+$/),
        expr: 'string',
        severity: expect.stringMatching(/^(warning|critical)$/),
        summary: 'string',
      });
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
      expect({ alert: rule.alert, unknown: metricsInPromQL(rule.expr).filter((name) => !exposed.has(name)) }).toEqual({
        alert: rule.alert,
        unknown: [],
      });
    }
    const used = new Set(rules.flatMap((rule) => metricsInPromQL(rule.expr)));
    for (const name of [
      'event_consumer_lag_messages',
      'outbox_oldest_pending_age_seconds',
      'notifier_delivery_attempts_total',
      'export_oldest_unfinished_job_age_seconds',
    ]) {
      expect(used).toContain(name);
    }
  });

  it('has a Grafana dashboard whose every query reads metrics the services expose', () => {
    const dashboard = JSON.parse(readFileSync(path.join(MONITORING, 'grafana-dashboard.json'), 'utf8')) as {
      uid: string;
      panels: { id: number; title: string; targets: { refId: string; expr: string }[] }[];
    };
    expect(dashboard.uid).toBeTruthy();
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    const queries = dashboard.panels.flatMap((panel) =>
      panel.targets.map((t) => ({ panel: panel.title, expr: t.expr })),
    );
    expect(queries.length).toBeGreaterThan(10);
    for (const { panel, expr } of queries) {
      expect({ panel, unknown: metricsInPromQL(expr).filter((name) => !exposed.has(name)) }).toEqual({
        panel,
        unknown: [],
      });
    }
    const used = new Set(queries.flatMap((q) => metricsInPromQL(q.expr)));
    for (const name of [
      'event_consumer_lag_messages',
      'outbox_pending_events',
      'notifier_delivery_attempt_duration_seconds_bucket',
      'export_jobs_unfinished',
      'event_read_model_catch_ups_total',
    ]) {
      expect(used).toContain(name);
    }
  });
});
