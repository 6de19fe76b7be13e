import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LineTable } from "./line-table";
import { ScrollingTable } from "./scrolling-table";
import { LabelledRow } from "./table-labels";

// Decision 160: every data table's body cells carry their column's label (data-label), which app.css shows beside the
// value when the table stacks under 600 px.

function Row({ code, total }: { code: string; total: string }) {
  return (
    <LabelledRow>
      <td>{code}</td>
      <>
        <td>1</td>
      </>
      <td className="order-table__money">{total}</td>
    </LabelledRow>
  );
}

describe("table labels", () => {
  it("ScrollingTable labels inline rows from its head: visible text only, none under a screen-reader-only heading", () => {
    const html = renderToStaticMarkup(
      <ScrollingTable label="Addresses">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">
              Total <span className="visually-hidden">including VAT</span>
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {["A", "B"].map((name) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>£1.00</td>
              <td>
                <button type="submit">Remove</button>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>,
    );
    expect(html).toContain('<table class="order-table data-table">');
    expect(html).toContain('<th scope="row" data-label="Name">A</th>');
    expect(html).toContain('<th scope="row" data-label="Name">B</th>');
    expect(html.match(/<td data-label="Total">£1.00<\/td>/g)).toHaveLength(2);
    expect(html.match(/<td><button/g)).toHaveLength(2);
    // the head itself is not labelled
    expect(html).toContain('<th scope="col">Name</th>');
  });

  it("rows that are components label their cells through LabelledRow; a cell spanning columns and the foot have none", () => {
    const html = renderToStaticMarkup(
      <ScrollingTable labelledBy="lines">
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Quantity</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="rowgroup" colSpan={3}>
              A wearer
            </th>
          </tr>
          <Row code="HV100-YEL-M-P" total="£9.90" />
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td>£9.90</td>
          </tr>
        </tfoot>
      </ScrollingTable>,
    );
    expect(html).toContain('<th scope="rowgroup" colSpan="3">A wearer</th>');
    expect(html).toContain(
      '<tr><td data-label="Code">HV100-YEL-M-P</td><td data-label="Quantity">1</td><td class="order-table__money" data-label="Amount">£9.90</td></tr>',
    );
    expect(html).toContain('<tfoot><tr><th scope="row" colSpan="2">Total</th><td>£9.90</td></tr></tfoot>');
  });

  it("LineTable labels its rows from the columns it is given", () => {
    const html = renderToStaticMarkup(
      <LineTable className="report-table" caption="Lines" columns={["Product", "Quantity", { hidden: "Remove" }]}>
        <tr>
          <td>Vest</td>
          <td>2</td>
          <td>
            <button type="submit">Remove</button>
          </td>
        </tr>
      </LineTable>,
    );
    expect(html).toContain('<table class="report-table data-table"><caption class="visually-hidden">Lines</caption>');
    expect(html).toContain(
      '<tr><td data-label="Product">Vest</td><td data-label="Quantity">2</td><td><button type="submit">Remove</button></td></tr>',
    );
  });
});
