import { describe, expect, it } from "vitest";
import { z } from "zod";
import { idField, parseForm } from "./forms.server";

// Issue 11 / DESIGN §4: bad input gets a clear message. A field without a message of its own never shows zod's English.
function multipart(entries: Array<[string, string | Blob]>): Request {
  const body = new FormData();
  for (const [key, value] of entries) body.append(key, value);
  return new Request("http://portal.test/form", { method: "POST", body });
}

const schema = z.object({
  name: z.string().trim().max(5).optional(),
  code: z.string({ required_error: "Enter a product code" }).min(1, "Enter a product code"),
  kind: z.enum(["a", "b"]).optional(),
});

describe("parseForm's messages", () => {
  it("a text field posted as a file says it takes text", async () => {
    const result = await parseForm(
      multipart([
        ["code", "X1"],
        ["name", new Blob(["x"], { type: "text/plain" })],
      ]),
      schema,
    );
    expect(result).toMatchObject({ ok: false, fieldErrors: { name: "This field takes text, not a file" } });
  });

  it("lengths and choices in words, not zod's", async () => {
    const result = await parseForm(
      multipart([
        ["code", "X1"],
        ["name", "too long"],
        ["kind", "c"],
      ]),
      schema,
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { name: "Use at most 5 characters", kind: "Choose one of the options given" },
    });
  });

  it("a schema's own message still wins", async () => {
    const result = await parseForm(multipart([["name", "ok"]]), schema);
    expect(result).toMatchObject({ ok: false, fieldErrors: { code: "Enter a product code" } });
  });
});

describe("idField", () => {
  const schema = () =>
    z.object({ basketId: idField("Choose a saved basket", "That saved basket could not be found.") });
  it("takes an id, trimmed", () => expect(schema().parse({ basketId: " 20001 " })).toEqual({ basketId: "20001" }));
  it("says what is missing, or that the id is not one", () => {
    expect(schema().safeParse({}).error?.issues[0]?.message).toBe("Choose a saved basket");
    expect(schema().safeParse({ basketId: "12a" }).error?.issues[0]?.message).toBe(
      "That saved basket could not be found.",
    );
  });
});
