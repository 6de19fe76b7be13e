import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * An empty list's words and its next steps (decision 166): what is not there, and links to where the user can go on —
 * only links the guard lets this user open (nextSteps in chrome.server.ts), so each one is of use.
 */
export function EmptyState({
  children,
  steps,
  label = "What to do next",
}: {
  children: ReactNode;
  steps: ReadonlyArray<{ to: string; label: string }>;
  label?: string;
}) {
  return (
    <div className="empty-state notice">
      <p>{children}</p>
      {steps.length > 0 ? (
        <ul className="empty-state__steps" aria-label={label}>
          {steps.map((step) => (
            <li key={step.to}>
              <Link to={step.to}>{step.label}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
