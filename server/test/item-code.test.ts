import { describe, expect, it } from "vitest";
import { useProvider } from "./fixtures";

const { p, tokens } = useProvider({
  token: "requester@demo.test",
});

describe("GET /api/item?itemId=<code> (quick order by product code)", () => {
  it("finds a variant by its code as well as a parent or standalone item", async () => {
    const codes = async (qs: string) =>
      (await p.api("GET", `/api/item?${qs}`, { token: tokens.token })).body.data.map((i: any) => [
        i.internalId,
        i.itemId,
      ]);
    expect(await codes("itemId=HV-JKT-L")).toEqual([["20003", "HV-JKT-L"]]);
    expect(await codes("itemId=HV-JKT")).toEqual([["20001", "HV-JKT"]]);
    expect(await codes("itemId=NOPE")).toEqual([]);
  });
});
