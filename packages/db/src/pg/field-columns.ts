/** A camelCase field's snake_case column, as the services' Prisma schemas map them (`@map("tenant_id")`). */
export const columnOf = (field: string): string => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * A plain-SQL SELECT or RETURNING list: each field's column under the field's own name, so the rows come back in the
 * shape Prisma returns and one mapper reads both. `table` qualifies the columns (an alias such as `t`).
 */
export function selectAs(fields: readonly string[], table?: string): string {
  const prefix = table === undefined ? '' : `${table}.`;
  return fields.map((field) => `${prefix}"${columnOf(field)}" AS "${field}"`).join(', ');
}

/** The listed fields of `source` and nothing else (a row carries columns a record does not hold, and back). */
export function pickFields<T, K extends keyof T>(source: T, fields: readonly K[]): Pick<T, K> {
  return Object.fromEntries(fields.map((field) => [field, source[field]])) as Pick<T, K>;
}

/**
 * `true` when `Listed` names every key of `T`, else the keys it misses: `const listed: Covers<Record, Field> = true`
 * fails to compile once a field is added to the record and not to its column list.
 */
export type Covers<T, Listed> = [Exclude<keyof T, Listed>] extends [never] ? true : Exclude<keyof T, Listed>;
