import { FieldError } from "./field-error";
import { TextField } from "./text-field";

/**
 * The end of a checkout form, stock or wearer packs (decision 102): the order reference, the delivery instructions
 * (the basket's, or as last posted), the approval notice and the Place order button.
 */
export function CheckoutFormEnd({
  values,
  errors,
  instructions,
  needsApproval,
  submitting,
}: {
  values: { otherRefNum?: string; deliveryInstructions?: string };
  errors: Record<string, string>;
  instructions: string;
  needsApproval: boolean;
  submitting: boolean;
}) {
  return (
    <>
      <TextField
        name="otherRefNum"
        label="Your order reference (optional)"
        maxLength={100}
        defaultValue={values.otherRefNum}
        error={errors.otherRefNum}
      />
      <div className="field">
        <label htmlFor="deliveryInstructions">Delivery instructions</label>
        <textarea
          id="deliveryInstructions"
          name="deliveryInstructions"
          rows={3}
          maxLength={2000}
          defaultValue={values.deliveryInstructions ?? instructions}
        />
        <FieldError id="deliveryInstructions-error" message={errors.deliveryInstructions} />
      </div>

      {needsApproval ? (
        <p className="notice notice--info">Your orders need your supervisor&apos;s approval before they are sent.</p>
      ) : null}

      <div>
        <button
          type="submit"
          className="button button--primary"
          disabled={submitting}
          aria-disabled={submitting || undefined}
        >
          {submitting ? "Placing order…" : "Place order"}
        </button>
      </div>
    </>
  );
}
