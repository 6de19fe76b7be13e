import { useLocation } from "@remix-run/react";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { Toast } from "~/session/session.server";
import { TOAST_TIMEOUT_MS } from "~/domain/constants";

/** The flash toast of the page on screen, or null (decision 166). */
const PageToastContext = createContext<Toast | null>(null);

/**
 * The root's flash toast, bound to the page it came with (decision 166): the root's data outlives a client-side
 * navigation, so a toast is shown only while the location it arrived with is the current one. A newer toast (a
 * fetcher's post, or a post and its redirect) binds to the page shown when it comes.
 */
export function PageToastProvider({ toast, children }: { toast: Toast | null; children: ReactNode }) {
  const { key } = useLocation();
  const [bound, setBound] = useState({ toast, key });
  if (bound.toast !== toast) setBound({ toast, key });
  const current = bound.toast !== toast ? toast : bound.key === key ? bound.toast : null;
  return <PageToastContext.Provider value={current}>{children}</PageToastContext.Provider>;
}

/**
 * Where a page's toast is said: at the top of the page's content, in the flow, so it never covers a control (decision
 * 166). The live region is always there, so a toast that comes later is announced.
 */
export function PageToast() {
  return (
    <div className="toasts" aria-live="polite">
      <ToastNotice toast={useContext(PageToastContext)} />
    </div>
  );
}

/** A flash message. Without JavaScript it stays as a plain notice; with it, it closes after 3000 ms (SPEC §4). */
function ToastNotice({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(false), TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!toast || !visible) return null;
  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
      {toast.message}
    </div>
  );
}
