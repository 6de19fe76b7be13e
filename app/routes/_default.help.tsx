import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireUser } from "~/auth/require-user.server";
import { page } from "~/auth/route-access";

export const access = page("user");

export const meta: MetaFunction = () => [{ title: "Help · Workwear ordering portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function HelpRoute() {
  return (
    <>
      <h1>Help</h1>
      <section aria-labelledby="help-find">
        <h2 id="help-find">Finding a product</h2>
        <p>
          Browse by category from the catalogue in the menu, or <Link to="/search">search</Link> by name, product code
          or description. Filter a category by EN standard, colour or availability, and sort by name or price.
        </p>
      </section>
      <section aria-labelledby="help-order">
        <h2 id="help-order">Ordering</h2>
        <p>
          On a product page choose the size, leg length, colour and finish, set the quantity and press Add to basket.
          Some products are sold in packs: the quantity then goes up in steps and has a minimum. Items marked In stock
          are delivered next day; special order items take longer.
        </p>
      </section>
      <section aria-labelledby="help-contact">
        <h2 id="help-contact">Contact us</h2>
        <p>Customer services: 01924 000 000, Monday to Friday 8am–5pm, or customer.services@workwear.example.</p>
      </section>
    </>
  );
}
