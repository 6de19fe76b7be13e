import type { MetaFunction } from "@remix-run/node";
import { page } from "~/auth/route-access";

export const access = page("anyone");

export const meta: MetaFunction = () => [{ title: "Browser not supported · Workwear ordering portal" }];

// public route: static advice, no loader.
export default function OldBrowser() {
  return (
    <>
      <h1>Your browser is out of date</h1>
      <p>
        The portal works in any current browser, and even without JavaScript. Your browser is too old to be kept secure:
        please update it, or use Microsoft Edge, Google Chrome, Mozilla Firefox or Safari.
      </p>
    </>
  );
}
