import { redirect } from "@remix-run/node";

// public route: /customer has nothing of its own; account recovery lives below it.
export async function loader() {
  return redirect("/login");
}
