import type { dashboardData } from "~/dashboard.server";

export function DashboardPage({ data }: { data: ReturnType<typeof dashboardData> }) {
  return (
    <>
      <h1>Welcome, {data.name}</h1>
      <p className="lead">
        You are logged in as <strong>{data.email}</strong>
        {data.customer ? (
          <>
            {" "}
            for <strong>{data.customer}</strong>
          </>
        ) : null}
        .
      </p>
      <section aria-labelledby="can-do">
        <h2 id="can-do">What you can do</h2>
        <ul className="checklist">
          {data.capabilities.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </section>
      <details className="permissions">
        <summary>Your permissions</summary>
        <ul>
          {data.permissions.map((p) => (
            <li key={p}>
              <code>{p}</code>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}
