import type { ReactNode } from "react";

/**
 * A punchout entry point's refusal, in the log-in layout's look but outside it: the page may be shown in the
 * procurement system's frame, and its only way on is back to that system, so it links nowhere in the portal (no log-in).
 */
export function PunchoutNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="login-layout">
      <header className="login-layout__brand">
        <img src="/images/logo-on-light.svg" alt="Workwear ordering portal" width="200" height="48" />
      </header>
      <main id="main" className="login-layout__card">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
