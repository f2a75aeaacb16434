import { columnOf, pickFields, selectAs, type Covers } from './field-columns';

describe('field columns', () => {
  it('maps camelCase fields to the snake_case columns Prisma schemas name', () => {
    expect(['id', 'tenantId', 'lastClickAt'].map(columnOf)).toEqual(['id', 'tenant_id', 'last_click_at']);
  });

  it('selects each column under its field name, qualified when a table alias is given', () => {
    expect(selectAs(['id', 'tenantId'])).toBe('"id" AS "id", "tenant_id" AS "tenantId"');
    expect(selectAs(['itemDescription'], 't')).toBe('t."item_description" AS "itemDescription"');
  });

  it('picks the listed fields and drops the others', () => {
    expect(pickFields({ id: 'a', seq: 1n, code: 'c' }, ['id', 'code'])).toEqual({ id: 'a', code: 'c' });
  });

  it('names what a field list misses, at compile time', () => {
    const covered: Covers<{ a: 1; b: 2 }, 'a' | 'b'> = true;
    const missing: Covers<{ a: 1; b: 2 }, 'a'> = 'b';
    expect([covered, missing]).toEqual([true, 'b']);
  });
});
