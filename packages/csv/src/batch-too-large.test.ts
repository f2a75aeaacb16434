import { BatchTooLarge, batchTooLargeOf } from './batch-too-large';

describe('batchTooLargeOf', () => {
  it('reads the plan cap from a bulk_too_large answer', () => {
    const refusal = batchTooLargeOf(400, { code: 'bulk_too_large', details: { max: 100 } });
    expect(refusal).toBeInstanceOf(BatchTooLarge);
    expect(refusal?.max).toBe(100);
    expect(refusal?.message).toBe('at most 100 records per request');
  });

  it('treats a 413 or a bulk_too_large without a cap as too large with no cap named', () => {
    expect(batchTooLargeOf(413, undefined)?.max).toBeUndefined();
    expect(batchTooLargeOf(413, undefined)).toBeInstanceOf(BatchTooLarge);
    expect(batchTooLargeOf(400, { code: 'bulk_too_large', details: { max: 'lots' } })?.max).toBeUndefined();
  });

  it('is nothing for any other refusal', () => {
    expect(batchTooLargeOf(400, { code: 'validation_failed' })).toBeUndefined();
    expect(batchTooLargeOf(503, null)).toBeUndefined();
  });
});
