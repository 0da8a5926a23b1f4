/**
 * Rows that the database sent as JSON (json_agg in one statement instead of one result row per
 * record — on PGlite, decoding a result row field by field costs far more than JSON.parse of the
 * same data) come back with their timestamps as ISO texts. This turns the named ones back into
 * Dates, so the rows have the shape a plain SELECT gives and go through the same record mappers.
 */
export function withDates<T extends object>(row: T, keys: readonly (keyof T & string)[]): T {
  const out = row as Record<string, unknown>;
  for (const key of keys) {
    const value = out[key];
    if (typeof value === 'string') out[key] = new Date(value);
  }
  return row;
}
