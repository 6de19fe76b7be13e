import { Link, Outlet } from "@remix-run/react";
import { LayoutErrorBoundary } from "~/components/layout-error";
import { PageToast } from "~/components/toast";
import { page } from "~/auth/route-access";

export const access = page("anyone");

// The login layout (SPEC §2): login, maintenance, punchout-only, business unit selection, account recovery.
export default function LoginLayout() {
  return (
    <div className="login-layout">
      <header className="login-layout__brand">
        <Link to="/" className="brand">
          <img src="/images/logo-on-light.svg" alt="Workwear ordering portal" width="200" height="48" />
        </Link>
      </header>
      <main id="main" className="login-layout__card">
        <PageToast />
        <Outlet />
      </main>
    </div>
  );
}

export const ErrorBoundary = LayoutErrorBoundary;
