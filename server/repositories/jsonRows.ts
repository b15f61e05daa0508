import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A table's row read as JSON (`to_json(t)` in a statement that gathers several reads into one
 * round trip) in the shape drizzle's own select answers: camelCase keys, each value through its
 * column's driver mapping (timestamps as Dates, numerics as numbers, arrays and JSON as values).
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
