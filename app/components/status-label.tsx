import type { StatusView } from "~/orders/order-view.server";

/** SPEC §4 status label in its colour (decision 053); the text carries the meaning, the colour helps. */
export function StatusLabel({ status }: { status: StatusView }) {
  return <span className={`status-label status-label--${status.colour}`}>{status.label}</span>;
}
