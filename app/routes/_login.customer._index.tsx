import { redirect } from "@remix-run/node";
import { page } from "~/auth/route-access";

export const access = page("anyone");

// public route: /customer has nothing of its own; account recovery lives below it.
export async function loader() {
  return redirect("/login");
}
