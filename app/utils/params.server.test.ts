import { expect, it } from "vitest";
import { idParam } from "./params.server";

it("passes an id parameter through", () => expect(idParam("20001")).toBe("20001"));

it.each([undefined, "", "abc", "1e5", "1234567890123456"])(
  "answers 404 for %j before any upstream call",
  async (value) => {
    let thrown: unknown;
    try {
      idParam(value, "That order could not be found.");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect(await (thrown as Response).text()).toBe("That order could not be found.");
  },
);
