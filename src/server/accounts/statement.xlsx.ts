import { dayStartIn } from '../../shared/domain/time';
import type { SheetCell } from '../lib/csv';
import { xlsxFile } from '../lib/xlsx';
import { balanceSide, STATEMENT_COLUMN_TITLES, type StatementDocument, trDay } from './statement.pdf';

/**
 * The customer statement as an .xlsx sheet, for the accountant who reconciles it: above the table
 * the company, the customer, the period and the day it was made; the table's columns are the
 * PDF's (day, kind, document and reason, due day, debit, credit, running balance), its first row
 * the balance brought forward, its last two the period's totals and the closing balance. Days are
 * date cells, amounts number cells in lira (never text, so the sheet adds them up), every text a
 * text cell — a description beginning with '=', '+', '-' or '@' stays text, never a formula.
 */

const WIDTHS = [12, 18, 40, 12, 16, 16, 16];

export function renderStatementXlsx(data: StatementDocument): Promise<Buffer> {
  const { statement: s, company, customer, timeZone } = data;
  const day = (d: string | null): SheetCell => {
    const at = d ? dayStartIn(d, timeZone) : null;
    return at ? { date: at } : null;
  };
  const preamble: SheetCell[][] = [
    ['Hesap Ekstresi'],
    ['Firma', company.name],
    [
      'Müşteri',
      customer.company_name ? `${customer.company_name} (${customer.full_name})` : customer.full_name,
    ],
    ['Müşteri No', customer.customer_number],
    ['Dönem', `${trDay(s.from)} – ${trDay(s.to)}`],
    ['Düzenleme Tarihi', day(data.today)],
    [null],
  ];
  const rows: SheetCell[][] = [
    [day(s.from), 'Devir', 'Devreden bakiye', null, null, null, { money: s.opening_kurus }],
  ];
  for (const line of s.lines)
    rows.push([
      day(line.day),
      line.label,
      line.text,
      line.amount_kurus > 0 ? day(line.due_day) : null,
      line.debit_kurus ? { money: line.debit_kurus } : null,
      line.credit_kurus ? { money: line.credit_kurus } : null,
      { money: line.balance_kurus },
    ]);
  rows.push([
    null,
    'Dönem Toplamı',
    null,
    null,
    { money: s.debit_total_kurus },
    { money: s.credit_total_kurus },
    null,
  ]);
  rows.push([
    null,
    'Dönem Sonu Bakiyesi',
    balanceSide(s.closing_kurus),
    null,
    null,
    null,
    { money: s.closing_kurus },
  ]);
  return xlsxFile(STATEMENT_COLUMN_TITLES, rows, {
    timeZone,
    sheet: 'Ekstre',
    widths: WIDTHS,
    preamble,
  });
}
