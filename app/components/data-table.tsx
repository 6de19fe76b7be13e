import type { ReactNode } from "react";
import { IntentButton } from "./intent-button";
import { ScrollingTable } from "./scrolling-table";

/** A column of a data table: its heading and what a row shows in it. */
interface DataColumn<Row> {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
}

/** What a row's one button posts: its intent, hidden fields, accessible name and words. */
type RowButton = { intent: string; fields: Record<string, string>; label: string; text: string };

function buttonColumn<Row>(button: (row: Row) => RowButton | null, busy: boolean): DataColumn<Row> {
  return {
    header: "Actions",
    cell: (row) => {
      const b = button(row);
      return b ? (
        <IntentButton intent={b.intent} fields={b.fields} label={b.label} disabled={busy}>
          {b.text}
        </IntentButton>
      ) : null;
    },
  };
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
  rowButton,
  busy = false,
}: {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  label?: string;
  labelledBy?: string;
  rowHeader?: number;
  rowId?: (row: Row) => string;
  empty?: ReactNode;
  /** a last "Actions" column of one IntentButton a row (none where it gives null), off while the page is `busy` */
  rowButton?: (row: Row) => RowButton | null;
  busy?: boolean;
}) {
  if (rows.length === 0 && empty !== undefined) return empty;
  const all = rowButton ? [...columns, buttonColumn(rowButton, busy)] : columns;
  return (
    <ScrollingTable label={label} labelledBy={labelledBy}>
      <thead>
        <tr>
          {all.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={row.id} id={rowId?.(row)}>
            {all.map((column, i) =>
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
