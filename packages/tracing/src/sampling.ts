import type { Context } from '@opentelemetry/api';
import {
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SamplingResult,
} from '@opentelemetry/sdk-trace-node';

/** Prisma names its spans `prisma:client:<step>`. */
const PRISMA_SPAN = 'prisma:';

/**
 * Root spans: a ratio of new traces, except database work nothing asked for (a Prisma call outside any request,
 * consumer or job span: pollers and schedulers), which would otherwise start a trace of its own on every poll.
 */
class RootSampler implements Sampler {
  private readonly ratio: TraceIdRatioBasedSampler;

  constructor(ratio: number) {
    this.ratio = new TraceIdRatioBasedSampler(ratio);
  }

  shouldSample(context: Context, traceId: string, name: string): SamplingResult {
    if (name.startsWith(PRISMA_SPAN)) return { decision: SamplingDecision.NOT_RECORD };
    return this.ratio.shouldSample(context, traceId);
  }

  toString(): string {
    return `WaymarkRootSampler{${this.ratio.toString()}, no database roots}`;
  }
}

/** A span continues its parent's decision; a new trace is kept at `ratio` (see RootSampler). */
export function waymarkSampler(ratio: number): Sampler {
  return new ParentBasedSampler({ root: new RootSampler(ratio) });
}
