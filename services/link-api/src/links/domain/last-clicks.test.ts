import { clickFact as fact } from '../../../test/support/click-fact';
import { latestClicks } from './last-clicks';

describe('latestClicks', () => {
  it('keeps the newest click per link, in any order, duplicates included', () => {
    const result = latestClicks([fact('a', 3), fact('b', 1), fact('a', 5), fact('a', 5), fact('a', 4)]);
    expect(result.map((c) => [c.code, c.at.getTime()])).toEqual([
      ['a', 5],
      ['b', 1],
    ]);
    expect(result[0]).toMatchObject({
      tenantId: 't1',
      domain: 'go.example',
      linkCreatedAt: '2025-01-01T00:00:00.000Z',
    });
  });

  it('ignores HEAD requests and keeps incarnations of a code apart', () => {
    const result = latestClicks([
      fact('a', 9, { method: 'HEAD' }),
      fact('a', 2),
      fact('a', 7, { createdAt: '2025-02-01T00:00:00.000Z' }),
    ]);
    expect(result.map((c) => [c.linkCreatedAt, c.at.getTime()])).toEqual([
      ['2025-01-01T00:00:00.000Z', 2],
      ['2025-02-01T00:00:00.000Z', 7],
    ]);
  });

  it('is empty for an empty batch', () => {
    expect(latestClicks([])).toEqual([]);
  });
});
