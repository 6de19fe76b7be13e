import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesCookie, generationFromCookie, rememberWriteGeneration, setChangesCookie } from "./changes.server";
import { openRequestScope, REQUEST_SCOPE_HEADER, whenHeadersGo } from "./request-scope.server";

// The change cookie (decision 157): a response whose request made a write names the generation after it.
let server: Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.all("*", (req, res) => {
    const scope = openRequestScope();
    req.headers[REQUEST_SCOPE_HEADER] = scope.key;
    res.on("close", scope.close);
    whenHeadersGo(res, () => setChangesCookie(res, scope.key, req.path.startsWith("/secure")));
    const request = new Request(`http://portal.test${req.url}`, {
      headers: { [REQUEST_SCOPE_HEADER]: scope.key },
    });
    // a route's writes, as the upstream client records them: `?writes=4,9` answered under generations 4 and 9
    for (const g of String(req.query.writes ?? "")
      .split(",")
      .filter(Boolean))
      rememberWriteGeneration(request, Number(g));
    res.cookie("other", "kept");
    res.redirect(303, "/next");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const cookiesOf = async (path: string) =>
  (await fetch(url + path, { method: "POST", redirect: "manual" })).headers.getSetCookie();

describe("the change cookie", () => {
  it("names the latest generation a request's writes were answered under, beside the route's own cookies", async () => {
    expect(await cookiesOf("/?writes=4,9,7")).toEqual([
      "other=kept; Path=/",
      "portal_changes=9; Path=/; HttpOnly; SameSite=Lax",
    ]);
  });

  it("is Secure when the portal's cookies are, and absent when the request wrote nothing", async () => {
    expect(await cookiesOf("/secure?writes=3")).toContain("portal_changes=3; Path=/; HttpOnly; SameSite=Lax; Secure");
    expect(await cookiesOf("/")).toEqual(["other=kept; Path=/"]);
  });

  it("is read back from a browser's Cookie header; anything else is no generation", () => {
    expect(generationFromCookie(`a=1; ${changesCookie(12, false).split(";")[0]}; b=2`)).toBe(12);
    expect(generationFromCookie("portal_changes=12")).toBe(12);
    expect(generationFromCookie("xportal_changes=12")).toBeNull();
    expect(generationFromCookie("portal_changes=-1")).toBeNull();
    expect(generationFromCookie("portal_changes=1e9")).toBeNull();
    expect(generationFromCookie("portal_changes=99999999999999999")).toBeNull();
    expect(generationFromCookie(undefined)).toBeNull();
  });
});
