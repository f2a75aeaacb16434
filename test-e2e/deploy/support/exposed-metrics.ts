import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { REPO_ROOT } from './service-catalog';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'generated' ? [] : sourceFiles(full);
    return full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * Every metric name the services can expose: names given to prom-client in the code of services/ and packages/
 * (string literals of the modules that import prom-client), prom-client's default process metrics, and the series
 * a histogram adds (_bucket, _sum, _count).
 */
export function exposedMetricNames(): Set<string> {
  const names = new Set<string>();
  for (const root of ['services', 'packages']) {
    for (const workspace of readdirSync(path.join(REPO_ROOT, root))) {
      const src = path.join(REPO_ROOT, root, workspace, 'src');
      if (!statSync(src, { throwIfNoEntry: false })?.isDirectory()) continue;
      for (const file of sourceFiles(src)) {
        const text = readFileSync(file, 'utf8');
        if (!text.includes("from 'prom-client'")) continue;
        for (const [, name] of text.matchAll(/'([a-z][a-z0-9]*(?:_[a-z0-9]+)+)'/g)) names.add(name as string);
      }
    }
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const metric of registry.getMetricsAsArray()) names.add(metric.name);
  for (const name of [...names]) for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
  return names;
}

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'and',
  'or',
  'unless',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads (label matchers, ranges, grouping labels and functions left out). */
export function metricsInPromQL(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const found = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w.])[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const word = match[0];
    const rest = bare.slice((match.index ?? 0) + word.length);
    if (/^\s*\(/.test(rest) || PROMQL_WORDS.has(word.toLowerCase())) continue;
    found.add(word);
  }
  return [...found];
}
