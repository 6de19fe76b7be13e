import { Form } from "@remix-run/react";
import { useEffect } from "react";
import type { OptionPicker } from "~/domain/product-options";

/**
 * The matrix option pickers as a GET form (SPEC §3): without JavaScript the "Show details for these options" button
 * (decision 168; it said "Show choice") reloads the page with the choice in the address; with it, a change submits
 * at once and the page shows the choice in place, so the button (inside `<noscript>`) is not there. `keep` carries
 * other parameters along.
 * (The quick view and the product page of a browse-only account; the product page's add is ProductPurchase.)
 */
export function ProductOptions({
  pickers,
  action,
  keep = [],
  idPrefix,
}: {
  pickers: readonly OptionPicker[];
  action: string;
  keep?: readonly [string, string][];
  idPrefix: string;
}) {
  if (pickers.length === 0) return null;
  return (
    <Form method="get" action={action} className="product-options" preventScrollReset replace>
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <OptionSelects pickers={pickers} idPrefix={idPrefix} onChange={(select) => select.form?.requestSubmit()} />
      <noscript>
        <button type="submit" className="button button--small">
          Show details for these options
        </button>
      </noscript>
    </Form>
  );
}

/**
 * The id of the select whose change is being shown: the page draws the selects anew with the choice (a new key),
 * so that select is focused again once the choice is there, and a keyboard user carries on from it.
 */
let changedSelect: string | null = null;

/**
 * One select per option, each with its error (an option left unchosen when adding, decision 062). `values`
 * overrides what the pickers have chosen (the options a refused add posted).
 */
export function OptionSelects(props: {
  pickers: readonly OptionPicker[];
  idPrefix: string;
  onChange: (select: HTMLSelectElement) => void;
  errors?: Partial<Record<string, string>>;
  values?: Partial<Record<string, string | null>>;
}) {
  const chosen = props.pickers.map((picker) => picker.chosen ?? "").join("\n");
  useEffect(() => {
    const id = changedSelect;
    changedSelect = null;
    const select = id ? document.getElementById(id) : null;
    if (select && select !== document.activeElement) select.focus({ preventScroll: true });
  }, [chosen]);
  return (
    <>
      {props.pickers.map((picker) => {
        const id = `${props.idPrefix}-${picker.name}`;
        const error = props.errors?.[picker.name];
        const posted = props.values?.[picker.name];
        const value = posted && picker.values.includes(posted) ? posted : (picker.chosen ?? "");
        return (
          <div className="field" key={picker.name}>
            <label htmlFor={id}>{picker.label}</label>
            <select
              id={id}
              name={picker.name}
              defaultValue={value}
              key={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                changedSelect = id;
                props.onChange(event.currentTarget);
              }}
            >
              <option value="">Choose {picker.label.toLowerCase()}</option>
              {picker.values.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
            {/* FieldError's markup, written out: importing it would add a file to the page's first load */}
            {error ? (
              <p className="field__error" id={`${id}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
