import type { ClickFact } from '@waymark/contracts';

/** A clicks.v1 value with only what lastClickAt reads: a GET of `go.example/<code>` at `ts` (tenant t1). */
export const clickFact = (code: string, ts: number, extra: Partial<ClickFact> = {}): ClickFact =>
  ({
    code,
    ts,
    domain: 'go.example',
    tenantId: 't1',
    createdAt: '2025-01-01T00:00:00.000Z',
    method: 'GET',
    ...extra,
  }) as ClickFact;
