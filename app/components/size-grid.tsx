import { useFetcher, useLocation } from "@remix-run/react";
import type { GridRefusal, GridView } from "~/catalogue/product.server";

/**
 * The product page's size-and-colour grid (issue 34 item 8, decision 168): a row per size, a column per colour, a
 * quantity field per variant with its stock (and price, unless hidden); a size not made in a colour says so and has no
 * field. One post (intent=grid) adds every cell with a quantity as its own line, or nothing: a refusal shows each
 * refused cell's reason in its cell and keeps what was typed. With JavaScript it posts through a fetcher and stays on
 * the page; without, the page answers the post itself (`refusal`). The table scrolls inside its own box on a phone,
 * never the page. Render it with `key={location.key}`, so an add that went in starts from empty cells.
 */
export function SizeGridForm({ grid, refusal: posted }: { grid: GridView; refusal?: GridRefusal | null }) {
  const fetcher = useFetcher<GridRefusal>();
  const location = useLocation();
  const shown = fetcher.data ?? posted ?? null;
  const errorId = "size-grid-error";
  return (
    // the table's scrolling box is the named region, so the section is not a second one of the same name
    <section className="size-grid">
      <h2 id="size-grid-title">Order several sizes and colours</h2>
      <p className="muted">
        {grid.fixed.length ? `${grid.fixed.join(", ")}. ` : null}
        Enter a quantity in each size and colour you need; each becomes its own basket line.
      </p>
      <fetcher.Form
        method="post"
        action={location.pathname + location.search}
        aria-describedby={shown?.formError ? errorId : undefined}
        preventScrollReset
        // the quantity rules are the server's to check, cell by cell, in words: not the browser's step bubble
        noValidate
      >
        <input type="hidden" name="intent" value="grid" />
        {shown?.formError ? (
          <p className="notice notice--error" role="alert" id={errorId}>
            {shown.formError}
          </p>
        ) : null}
        <div className="size-grid__scroll" role="region" aria-labelledby="size-grid-title" tabIndex={0}>
          <table className="size-grid__table">
            <thead>
              <tr>
                <th scope="col">Size</th>
                {grid.colours.map((colour) => (
                  <th scope="col" key={colour}>
                    {colour}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.rows.map((row) => (
                <tr key={row.size}>
                  <th scope="row">{row.size}</th>
                  {row.cells.map((cell) => {
                    if (!cell.field) {
                      return (
                        <td key={cell.colour} className="size-grid__none">
                          Not made
                        </td>
                      );
                    }
                    const error = shown?.fieldErrors[cell.field];
                    const id = `size-grid-${cell.field}`;
                    const note = [
                      cell.stockLabel,
                      cell.priceText,
                      cell.minimum > 1 ? `at least ${cell.minimum}` : null,
                      cell.step > 1 ? `in multiples of ${cell.step}` : null,
                    ]
                      .filter(Boolean)
                      .join(" · ");
                    const noteId = note ? `${id}-note` : undefined;
                    const described = [error ? `${id}-error` : null, noteId].filter(Boolean).join(" ");
                    return (
                      <td key={cell.colour}>
                        <label htmlFor={id} className="visually-hidden">
                          {cell.label}
                        </label>
                        <input
                          id={id}
                          name={cell.field}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={99}
                          step={cell.step}
                          defaultValue={shown?.typed[cell.field] ?? ""}
                          placeholder="0"
                          className="size-grid__qty"
                          aria-invalid={error ? true : undefined}
                          aria-describedby={described || undefined}
                        />
                        {note ? (
                          <span className="size-grid__note" id={noteId}>
                            {note}
                          </span>
                        ) : null}
                        {error ? (
                          <p className="field__error" id={`${id}-error`}>
                            {error}
                          </p>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <button type="submit" className="button button--primary" disabled={fetcher.state !== "idle"}>
          Add all to basket
        </button>
      </fetcher.Form>
    </section>
  );
}
