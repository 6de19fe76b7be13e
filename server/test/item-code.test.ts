import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestProvider, type TestProvider } from "./fixtures";

let p: TestProvider;
let token: string;
beforeAll(async () => {
  p = await startTestProvider();
  token = await p.login("requester@demo.test");
});
afterAll(async () => p?.close());

describe("GET /api/item?itemId=<code> (quick order by product code)", () => {
  it("finds a variant by its code as well as a parent or standalone item", async () => {
    const codes = async (qs: string) =>
      (await p.api("GET", `/api/item?${qs}`, { token })).body.data.map((i: any) => [i.internalId, i.itemId]);
    expect(await codes("itemId=HV-JKT-L")).toEqual([["20003", "HV-JKT-L"]]);
    expect(await codes("itemId=HV-JKT")).toEqual([["20001", "HV-JKT"]]);
    expect(await codes("itemId=NOPE")).toEqual([]);
  });
});
