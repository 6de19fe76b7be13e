import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { ListSearch } from "~/components/form-fields";
import { Pagination } from "~/components/pagination";
import ordersStyles from "~/styles/orders.css?url";
import { ScrollingTable } from "~/components/scrolling-table";
import { countOf } from "~/domain/plural";
import { requireUser } from "~/auth/require-user.server";
import { wearersPageData } from "~/wearer-packs/wearers.server";
import { page } from "~/auth/route-access";

// the wearers (issue 15 item 2); the path row asks canViewManpack and manpackOrders (decision 098)
export const access = page("user", {
  punchout: "ordering",
  nav: [{ to: "/wearer-pack", label: "Wearer packs", group: "Ordering" }],
});

export const meta: MetaFunction = () => [{ title: "Wearer packs · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return wearersPageData(user, new URL(request.url));
}

/** /wearer-pack (issue 15 item 2): the active wearers, searchable, 16 a page, with what each has left; a name opens the wearer's page. */
export default function WearerPacks() {
  const data = useLoaderData<typeof loader>();
  return (
    <section className="stack orders">
      <h1>Wearer packs</h1>
      <ListSearch
        label="Search wearers"
        field="Name, employee reference, department or grade"
        id="wearer-q"
        q={data.q}
        clearTo="/wearer-pack"
        clearLabel="Show all wearers"
      />
      {data.wearers.length === 0 ? (
        <EmptyState steps={data.emptySteps}>
          {data.q ? `No wearers match “${data.q}”.` : "Your account has no active wearers yet."}
        </EmptyState>
      ) : (
        <ScrollingTable
          label="Wearers"
          headings={["Name", "Grade", "Department", "Cost centre", "Allowance left", "Next reset", "In basket"]}
        >
          <tbody>
            {data.wearers.map((w) => (
              <tr key={w.id}>
                <th scope="row">
                  <Link to={`/wearer-pack/${w.id}`}>{w.name}</Link>
                  {w.employeeRef ? (
                    <>
                      <br />
                      <span className="muted">{w.employeeRef}</span>
                    </>
                  ) : null}
                </th>
                <td>{w.grade ?? "—"}</td>
                <td>{w.department ?? "—"}</td>
                <td>{w.costCentre ?? "—"}</td>
                <td>
                  {w.allowances.length === 0
                    ? "No limit"
                    : w.allowances.map((a, i) => (
                        <span key={i}>
                          {i > 0 ? <br /> : null}
                          {a.points ? `${countOf(a.left, "point")} left` : `${a.label}: ${a.left} left`}
                        </span>
                      ))}
                </td>
                <td>{w.nextReset ?? "—"}</td>
                <td>{w.inBasket ? "Pack in basket" : "No"}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
      {data.total > 0 ? (
        <Pagination page={data.page} pages={data.pageCount} total={data.total} counted="wearer" />
      ) : null}
    </section>
  );
}
