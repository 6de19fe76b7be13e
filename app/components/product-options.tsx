import { Form } from "@remix-run/react";
import type { OptionPicker } from "~/domain/product-options";

/**
 * The matrix option pickers as a GET form (SPEC §3): without JavaScript the button reloads the page with
 * the choice in the address; with it, a change submits at once. `keep` carries other parameters along.
 */
export function ProductOptions({ pickers, action, keep = [], idPrefix }: { pickers: readonly OptionPicker[]; action: string; keep?: readonly [string, string][]; idPrefix: string }) {
  if (pickers.length === 0) return null;
  return (
    <Form method="get" action={action} className="product-options" preventScrollReset replace>
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {pickers.map((picker) => (
        <div className="field" key={picker.name}>
          <label htmlFor={`${idPrefix}-${picker.name}`}>{picker.label}</label>
          <select
            id={`${idPrefix}-${picker.name}`}
            name={picker.name}
            defaultValue={picker.chosen ?? ""}
            key={picker.chosen ?? ""}
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
          >
            <option value="">Choose {picker.label.toLowerCase()}</option>
            {picker.values.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="button button--small">
        Show choice
      </button>
    </Form>
  );
}
