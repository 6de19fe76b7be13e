import type { ReactNode } from "react";
import { IntentButton } from "./intent-button";
import { ScrollingTable } from "./scrolling-table";

/** A column of a data table: its heading and what a row shows in it. */
export interface DataColumn<Row> {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
}

/**
 * The admin screens' tables (users, sessions, e-mails, promotions, runs, categories, catalogue entries): a
 * ScrollingTable whose headings and cells come from `columns`. The column at `rowHeader` (the first unless said)
 * heads its row; `rowId` gives a row an anchor id. With no rows it shows `empty` when given (words or markup).
 */
export function DataTable<Row extends { id: string | number }>({
  rows,
  columns,
  label,
  labelledBy,
  rowHeader = 0,
  rowId,
  empty,
}: {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  label?: string;
  labelledBy?: string;
  rowHeader?: number;
  rowId?: (row: Row) => string;
  empty?: ReactNode;
}) {
  if (rows.length === 0 && empty !== undefined) return empty;
  return (
    <ScrollingTable label={label} labelledBy={labelledBy}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={row.id} id={rowId?.(row)}>
            {columns.map((column, i) =>
              i === rowHeader ? (
                <th key={column.header} scope="row">
                  {column.cell(row, index)}
                </th>
              ) : (
                <td key={column.header}>{column.cell(row, index)}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

/** What a Move up or Move down button posts: its intent and hidden fields, and whether it is off (the first or last row). */
type Move = { intent: string; fields: Record<string, string>; disabled: boolean };

/** A row's Move up and Move down buttons (categories, my catalogue entries, promotions), each named after the row. */
export function MoveButtons({ name, up, down }: { name: string; up: Move; down: Move }) {
  return (
    <>
      <IntentButton intent={up.intent} fields={up.fields} label={`Move ${name} up`} disabled={up.disabled}>
        Move up
      </IntentButton>
      <IntentButton intent={down.intent} fields={down.fields} label={`Move ${name} down`} disabled={down.disabled}>
        Move down
      </IntentButton>
    </>
  );
}

/** A cell's value with a muted line under it when there is one (an e-mail's subject, a failed run's reason). */
export function WithNote({ children, note }: { children: ReactNode; note?: ReactNode }) {
  return (
    <>
      {children}
      {note ? <div className="muted">{note}</div> : null}
    </>
  );
}
