import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { wishListHandlers } from "../../tests/mocks/upstream/wish-list";
import { locationOf, post, sessionCookie, settle, toastOf } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { action } from "./wish-list";

const server = useUpstreamMock();

async function send(form: Record<string, string>, options: Parameters<typeof wishListHandlers>[0] = {}) {
  server.use(...authHandlers(), ...wishListHandlers(options));
  return (await settle(async () => action({ request: post("/wish-list", form, await sessionCookie()), params: {}, context: testLoadContext() }))) as Response;
}

describe("/wish-list action", () => {
  it("adds, toasts 'Added to wish list successfully' and goes back", async () => {
    const calls: string[] = [];
    const result = await send({ intent: "add", productId: "20001", redirectTo: "/product/hi-vis?size=M" }, { calls });
    expect(calls).toEqual(["POST 20001"]);
    expect(locationOf(result)).toBe("/product/hi-vis?size=M");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Added to wish list successfully" });
  });

  it("removes by product id", async () => {
    const calls: string[] = [];
    const result = await send({ intent: "remove", productId: "20001", redirectTo: "/search?q=vest" }, { calls });
    expect(calls).toEqual(["DELETE 20001"]);
    expect(locationOf(result)).toBe("/search?q=vest");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Removed from wish list successfully" });
  });

  it("toasts 'Error occurred' when the upstream refuses, and still goes back", async () => {
    const result = await send({ intent: "add", productId: "999", redirectTo: "/product/x" }, { fail: true });
    expect(locationOf(result)).toBe("/product/x");
    expect(await toastOf(result)).toEqual({ kind: "error", message: "Error occurred" });
  });

  it("answers bad input with 400 and writes nothing", async () => {
    const calls: string[] = [];
    const result = (await send({ intent: "toggle", productId: "abc" }, { calls })) as unknown as { init: ResponseInit; data: { fieldErrors: Record<string, string> } };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ intent: "Choose add or remove", productId: "Choose a product" });
    expect(calls).toEqual([]);
  });

  it("a post without a product says which is missing in words, not zod's 'Required'", async () => {
    const calls: string[] = [];
    const result = (await send({ intent: "add" }, { calls })) as unknown as { init: ResponseInit; data: { fieldErrors: Record<string, string> } };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ productId: "Choose a product" });
    expect(calls).toEqual([]);
  });

  it("takes any upstream id as a product (up to 15 digits, decision 010), and refuses a longer one", async () => {
    const calls: string[] = [];
    await send({ intent: "add", productId: "123456789012345" }, { calls });
    expect(calls).toEqual(["POST 123456789012345"]);
    const result = (await send({ intent: "add", productId: "1234567890123456" }, { calls })) as unknown as { init: ResponseInit; data: { fieldErrors: Record<string, string> } };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ productId: "Choose a product" });
    expect(calls).toHaveLength(1);
  });

  it("never redirects off site", async () => {
    expect(locationOf(await send({ intent: "add", productId: "1", redirectTo: "//evil.example" }))).toBe("/product/1");
  });
});
