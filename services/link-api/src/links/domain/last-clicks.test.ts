import { linkActivity as activity } from '../../../test/support/link-activity';
import { lastClicksOf } from './last-clicks';

describe('lastClicksOf', () => {
  it('keeps the newest click per link, in any order, duplicates included', () => {
    const result = lastClicksOf([
      activity('a', 3),
      activity('b', 1),
      activity('a', 5),
      activity('a', 5),
      activity('a', 4),
    ]);
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

  it('keeps incarnations of a code apart', () => {
    const result = lastClicksOf([
      activity('a', 2),
      activity('a', 7, { linkCreatedAt: '2025-02-01T00:00:00.000Z' }),
      activity('a', 1),
    ]);
    expect(result.map((c) => [c.linkCreatedAt, c.at.getTime()])).toEqual([
      ['2025-01-01T00:00:00.000Z', 2],
      ['2025-02-01T00:00:00.000Z', 7],
    ]);
  });

  it('is empty for an empty batch', () => {
    expect(lastClicksOf([])).toEqual([]);
  });
});
