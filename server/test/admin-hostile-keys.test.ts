import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TABLE, adminSnapshot, insertNamedRows } from "./admin-table";
import { useProvider } from "./fixtures";

// Issue 32 item 8(b): a body key or query parameter of any name (`constructor`, `__proto__`, `toString`…) on any admin
// write is a 400 naming it, or is ignored where the key means nothing; never a 500, and a refusal writes nothing. The
// writes are the admin-guard table's POST, PATCH and DELETE rows, so a new admin write is covered by its row there.

const HOSTILE = ["constructor", "__proto__", "prototype", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf"];
const key = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ minLength: 1, maxLength: 12 }));
const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom({}, [], null, "x", 1));
const WRITES = ADMIN_TABLE.filter((row) => row.http !== "GET");
const RUNS = Number(process.env.PROPERTY_RUNS ?? (process.env.CI ? 15 : 30));

let admin: string;
const { p } = useProvider();
beforeAll(async () => {
  await insertNamedRows(p.db);
  admin = await p.login("admin@demo.test");
});

/** The row's body with one more own key (a computed key, so `__proto__` is a key, not the prototype). */
const withKey = (body: unknown, name: string, v: unknown) => ({ ...(body as object), [name]: v });

/** One call; a refusal (4xx) must leave every table as it was, and nothing may answer 5xx. */
async function send(method: string, path: string, body: unknown, label: string) {
  const before = await adminSnapshot(p.db);
  const res = await p.api(method, path, { token: admin, body });
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof res.body?.message, label).toBe("string");
    expect(await adminSnapshot(p.db), `${label}: nothing written`).toEqual(before);
  }
  return res;
}

const query = (path: string, name: string, v: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${encodeURIComponent(name)}=${encodeURIComponent(v)}`;

describe("admin writes with hostile key names (issue 32 item 8b)", () => {
  it.each(WRITES.filter((row) => row.body !== undefined).map((row) => [`${row.http} ${row.path}`, row] as const))(
    "%s: each hostile body key is a 400 naming it, nothing written",
    async (label, row) => {
      for (const name of HOSTILE) {
        const res = await send(row.http, row.path, withKey(row.body, name, "x"), `${label} ${name}`);
        expect(res.status, `${label} ${name}`).toBe(400);
        // the JSON body parser refuses `__proto__` itself (400, before any service runs); every other name is the field's
        if (name === "__proto__") expect(res.body.message).toBe("Object contains forbidden prototype property");
        else expect(res.body.errors, `${label} ${name}`).toEqual({ [name]: "Unknown field" });
      }
    },
  );

  it.each(WRITES.map((row) => [`${row.http} ${row.path}`, row] as const))(
    "%s: random keys and values in the body and the query never answer 500",
    async (label, row) => {
      await fc.assert(
        fc.asyncProperty(key, value, fc.boolean(), async (name, v, inQuery) => {
          if (inQuery || row.body === undefined) {
            await send(row.http, query(row.path, name, JSON.stringify(v) ?? ""), row.body, `${label} ?${name}`);
          } else {
            await send(row.http, row.path, withKey(row.body, name, v), `${label} ${name}`);
          }
        }),
        { numRuns: RUNS, seed: 2026_11_32 },
      );
    },
    120_000,
  );
});
