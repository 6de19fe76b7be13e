import { Form } from "@remix-run/react";

type Props = {
  intent: string;
  /** Hidden fields posted with the intent, e.g. the id of the row. */
  fields: Record<string, string>;
  children: string;
  /** The accessible name when the visible text alone is ambiguous in a table ("Remove Hi-Vis Jacket M"). */
  label: string;
  disabled?: boolean;
};

/** One small button posting an intent to the page's action: a plain form, so it works without JavaScript. */
export function IntentButton({ intent, fields, children, label, disabled }: Props) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button button--small" aria-label={label} disabled={disabled}>
        {children}
      </button>
    </Form>
  );
}
