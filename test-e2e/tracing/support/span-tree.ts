import type { ReceivedSpan } from './otlp-receiver';

/** The spans of one trace, with the questions the tests ask about their nesting. */
export class SpanTree {
  constructor(private readonly spans: readonly ReceivedSpan[]) {}

  /** The spans under `ancestor` (at any depth), optionally only those `wanted` picks. */
  descendants(ancestor: ReceivedSpan, wanted: (span: ReceivedSpan) => boolean = () => true): ReceivedSpan[] {
    return this.spans.filter((span) => span !== ancestor && this.isUnder(span, ancestor) && wanted(span));
  }

  /** The spans whose parent is `parent`. */
  children(parent: ReceivedSpan): ReceivedSpan[] {
    return this.spans.filter((span) => span.parentSpanId === parent.spanId);
  }

  private isUnder(span: ReceivedSpan, ancestor: ReceivedSpan): boolean {
    const byId = new Map(this.spans.map((s) => [s.spanId, s]));
    for (let at: ReceivedSpan | undefined = span; at !== undefined; at = byId.get(at.parentSpanId ?? '')) {
      if (at.parentSpanId === ancestor.spanId) return true;
    }
    return false;
  }

  /** The trace as an indented outline (names only), for failure messages. */
  outline(): string {
    const lines: string[] = [];
    const walk = (parentId: string | undefined, depth: number) => {
      for (const span of this.spans.filter((s) => s.parentSpanId === parentId)) {
        lines.push(`${'  '.repeat(depth)}${span.name}`);
        walk(span.spanId, depth + 1);
      }
    };
    const ids = new Set(this.spans.map((s) => s.spanId));
    for (const root of this.spans.filter((s) => s.parentSpanId === undefined || !ids.has(s.parentSpanId))) {
      lines.push(root.name);
      walk(root.spanId, 1);
    }
    return lines.join('\n');
  }
}

/** A statement span of instrumentation-pg: `pg.query:<OPERATION> <database>`. */
export const isStatement = (span: ReceivedSpan) => span.name.startsWith('pg.query:');
