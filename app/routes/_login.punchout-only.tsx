import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { requireUser } from "~/auth/require-user.server";
import { page } from "~/auth/route-access";

export const access = page("user", { punchoutOnlyUsers: true });

export const meta: MetaFunction = () => [{ title: "Order through your procurement system · Workwear ordering portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function PunchoutOnly() {
  return (
    <>
      <h1>Please order through your procurement system</h1>
      <p>
        Your account is set up for punchout: open the workwear catalogue from your organisation&apos;s purchasing system
        and your basket will be returned there for approval.
      </p>
      <Form method="post" action="/logout">
        <button type="submit" className="button">
          Log out
        </button>
      </Form>
    </>
  );
}
