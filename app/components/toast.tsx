import { useEffect, useState } from "react";
import type { Toast } from "~/session/session.server";
import { TOAST_TIMEOUT_MS } from "~/domain/constants";

/** A flash message. Without JavaScript it stays as a plain notice; with it, it closes after 3000 ms (SPEC §4). */
export function ToastNotice({ toast }: { toast: Toast | null }) {
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
