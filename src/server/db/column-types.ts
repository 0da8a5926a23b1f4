import type { ColumnType } from 'kysely';

/** Column types shared by the table files (db/schema.ts and the features' *.table.ts). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** numeric(12,2): decimal string. */
export type Numeric = ColumnType<string, string, string>;
export type NullableNumeric = ColumnType<string | null, string | null | undefined, string | null>;
export type Int8 = ColumnType<number, number | bigint | string, number | bigint | string>;
export type Json<T> = ColumnType<T, string, string>;
