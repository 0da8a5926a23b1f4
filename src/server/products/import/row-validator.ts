import type { z } from 'zod';
import { labelledErrorMap } from '../../../shared/api/field-labels';
import {
  PRODUCT_FIELD_LABELS,
  PRODUCT_FIELD_RULES,
  PRODUCT_RULE_TEXTS,
  type ProductField,
} from '../../../shared/api/products';
import {
  type HeaderMapping,
  IMPORT_HEADERS_TR,
  IMPORT_LIMITS,
  type ImportField,
} from '../../../shared/domain/product-import';
import { type CellResult, readMoneyCell, readQuantityCell, readTextCell, readVatCell } from './cells';
import type { Cell } from './read-table';

/**
 * THE import row validator: one file row → the product values it sets, or its errors (each
 * naming the row, the column and the rule, in Turkish). The rules are the product API's own — each
 * value goes through the same zod field rule as POST /products (PRODUCT_FIELD_RULES), so a value
 * the product dialog refuses is refused here with the same text; this file only turns cells into
 * values (numbers read the Turkish way, see ./cells.ts).
 *
 * An EMPTY cell sets nothing: on a new product the field takes its default (a required one —
 * name, code, price — is then an error), on an existing product it stays as it is. An import
 * never clears a field; the product dialog does that.
 */
export interface ImportValues {
  name?: string;
  product_code?: string;
  description?: string | null;
  selling_price_kurus?: number;
  category?: string | null;
  brand?: string | null;
  barcode?: string | null;
  vat_rate?: number;
  min_stock?: number;
  current_stock?: number;
}
export type ImportValueKey = keyof ImportValues;

export interface RowError {
  /** The column's header as in the file (or the template's name when the file has no such column). */
  column: string;
  field: ImportField | null;
  message: string;
}

export interface ValidatedRow {
  row: number;
  values: ImportValues;
  errors: RowError[];
}

/** Import column → the product API's field. */
export const WIRE_FIELD: Record<ImportField, ImportValueKey & ProductField> = {
  name: 'name',
  product_code: 'product_code',
  description: 'description',
  selling_price: 'selling_price_kurus',
  category: 'category',
  brand: 'brand',
  barcode: 'barcode',
  vat_rate: 'vat_rate',
  min_stock: 'min_stock',
  stock: 'current_stock',
};

const NUMBER_READERS: Partial<Record<ImportField, (cell: Cell | undefined) => CellResult<number>>> = {
  selling_price: readMoneyCell,
  vat_rate: readVatCell,
  min_stock: readQuantityCell,
  stock: readQuantityCell,
};

const SHAPE = PRODUCT_FIELD_RULES as unknown as Record<ImportValueKey, z.ZodType>;

/** Validates one row. `isNew`: whether the row would create a product (required fields then apply). */
export function validateRow(
  mapping: HeaderMapping,
  row: { row: number; cells: readonly Cell[] },
  isNew: (code: string) => boolean,
): ValidatedRow {
  const values: ImportValues = {};
  const errors: RowError[] = [];
  const columnOf = (field: ImportField) => {
    const index = mapping.fields[field];
    return index === undefined
      ? IMPORT_HEADERS_TR[field]
      : (mapping.columns[index]?.header ?? IMPORT_HEADERS_TR[field]);
  };
  for (const cell of row.cells) {
    const text = cell === null ? '' : typeof cell === 'string' ? cell : cell.n;
    if (text.length > IMPORT_LIMITS.maxCellChars) {
      const index = row.cells.indexOf(cell);
      const column = mapping.columns[index];
      return {
        row: row.row,
        values,
        errors: [
          {
            column: column?.header || `#${index + 1}`,
            field: column?.field ?? null,
            message: `Hücre en fazla ${IMPORT_LIMITS.maxCellChars} karakter olabilir`,
          },
        ],
      };
    }
  }
  const raw: Partial<Record<ImportValueKey, unknown>> = {};
  for (const [field, index] of Object.entries(mapping.fields) as [ImportField, number][]) {
    const cell = row.cells[index];
    const wire = WIRE_FIELD[field];
    const reader = NUMBER_READERS[field];
    if (reader) {
      const result = reader(cell);
      if (result.ok) raw[wire] = result.value;
      else if (!result.empty)
        errors.push({
          column: columnOf(field),
          field,
          message: `${PRODUCT_RULE_TEXTS.number(wire)} (${result.error})`,
        });
    } else {
      const text = readTextCell(cell);
      if (text !== '') raw[wire] = text;
    }
  }
  const code = typeof raw.product_code === 'string' ? raw.product_code : '';
  const creating = code !== '' && isNew(code);
  const fields = (Object.keys(WIRE_FIELD) as ImportField[]).filter(
    (field) =>
      raw[WIRE_FIELD[field]] !== undefined ||
      field === 'product_code' ||
      (creating && isRequiredForNew(field)),
  );
  for (const field of fields) {
    const wire = WIRE_FIELD[field];
    if (errors.some((e) => e.field === field)) continue;
    // The one wording rule of every refusal (the field by its label, never zod's own text).
    const errorMap = labelledErrorMap(PRODUCT_FIELD_LABELS[wire as ProductField] ?? columnOf(field));
    const parsed = SHAPE[wire].safeParse(raw[wire], { error: (issue) => errorMap(issue) });
    if (parsed.success) (values as Record<string, unknown>)[wire] = parsed.data;
    else
      errors.push({
        column: columnOf(field),
        field,
        message: parsed.error.issues[0]?.message ?? PRODUCT_RULE_TEXTS.format(wire as ProductField),
      });
  }
  return { row: row.row, values, errors };
}

/** A new product needs a name and a selling price (the code is needed by every row). */
function isRequiredForNew(field: ImportField): boolean {
  return field === 'name' || field === 'selling_price';
}
