import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { MIN_LOADING_DISPLAY_MS } from "~/domain/constants";

/**
 * Page navigations only: fetchers (basket-session, reports, filtered catalogue) never show it (SPEC §4).
 * Once shown it stays at least 1000 ms so a fast page does not flicker.
 */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  const shownAt = useRef(0);

  useEffect(() => {
    if (busy) {
      shownAt.current = Date.now();
      setVisible(true);
      return;
    }
    const remaining = MIN_LOADING_DISPLAY_MS - (Date.now() - shownAt.current);
    if (remaining <= 0) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(false), remaining);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <div
      className={visible ? "progress-bar progress-bar--active" : "progress-bar"}
      role="progressbar"
      aria-hidden={!visible}
      aria-label="Loading"
    />
  );
}
