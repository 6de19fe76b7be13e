import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { useFormAnswer } from "./form-answer";

type Answer =
  { ok: true; saved: string } | { ok: false; fieldErrors: Record<string, string>; formError: string | null };

/** Renders a page that shows what useFormAnswer gives it, after a GET or after a POST its action answers. */
async function pageAfter(method: "GET" | "POST", answer: Answer | null) {
  const action = () => answer;
  function Page() {
    const { answer, refused, errors, formError, busy } = useFormAnswer<typeof action>();
    return (
      <output>
        {JSON.stringify({ answer: answer ?? "none", refused: refused ?? "none", errors, formError, busy })}
      </output>
    );
  }
  const handler = createStaticHandler([{ id: "page", path: "/", action, loader: () => null, Component: Page }]);
  const body = method === "POST" ? new URLSearchParams({ name: "x" }) : undefined;
  const context = await handler.query(new Request("http://portal.test/", { method, body }));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const html = renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
  const shown = /<output>(.*)<\/output>/.exec(html)![1]!.replace(/&quot;/g, '"');
  return JSON.parse(shown) as Record<string, unknown>;
}

describe("useFormAnswer", () => {
  it("before any post: no answer, no refusal, no errors, not busy", async () => {
    expect(await pageAfter("GET", null)).toEqual({
      answer: "none",
      refused: "none",
      errors: {},
      formError: null,
      busy: false,
    });
  });

  it("a refused post: the refusal with its field errors and form error", async () => {
    const refusal = { ok: false as const, fieldErrors: { name: "Enter a name" }, formError: "Check the form" };
    expect(await pageAfter("POST", refusal)).toEqual({
      answer: refusal,
      refused: refusal,
      errors: { name: "Enter a name" },
      formError: "Check the form",
      busy: false,
    });
  });

  it("an accepted post: the answer, and no refusal or errors", async () => {
    const accepted = { ok: true as const, saved: "Monthly" };
    expect(await pageAfter("POST", accepted)).toEqual({
      answer: accepted,
      refused: "none",
      errors: {},
      formError: null,
      busy: false,
    });
  });
});
