import { Link, Outlet } from "@remix-run/react";
import { LayoutErrorBoundary } from "~/components/layout-error";

// The login layout (SPEC §2): login, maintenance, punchout-only, business unit selection, account recovery.
export default function LoginLayout() {
  return (
    <div className="login-layout">
      <header className="login-layout__brand">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            W
          </span>
          Workwear ordering portal
        </Link>
      </header>
      <main id="main" className="login-layout__card">
        <Outlet />
      </main>
    </div>
  );
}

export const ErrorBoundary = LayoutErrorBoundary;
