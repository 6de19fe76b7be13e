import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { get, locationOf, sessionCookie } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { cmsHandlers, PDF_BYTES, trainingGuide } from "../../tests/mocks/upstream/cms";
import { sessionAnswer, UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { loader as fileLoader } from "./cms.download.$id";
import { loader } from "./_default.cms.download";

const t = useRouteTest();

type Options = Parameters<typeof cmsHandlers>[0] & {
  session?: ReturnType<typeof sessionAnswer>;
  cookie?: string;
  fileStatus?: number;
};

async function setUp(options: Options) {
  t.signIn(options.session, ...cmsHandlers(options));
  // msw tries the latest use() first
  const status = options.fileStatus;
  if (status)
    t.server.use(
      http.get(`${UPSTREAM}/api/training-guides/:id/file`, () =>
        HttpResponse.json({ message: "No", code: status }, { status }),
      ),
    );
  return options.cookie ?? (await sessionCookie());
}

async function list(options: Options = {}) {
  const cookie = await setUp(options);
  return t.run(loader, get("/cms/download", cookie));
}

async function download(id: string, options: Options = {}) {
  const cookie = await setUp(options);
  return t.run(fileLoader, get(`/cms/download/${id}`, cookie), { id });
}

const statusOf = (result: unknown) => (result instanceof Response ? result.status : null);
const punchoutOnly = sessionAnswer({ permissions: ["canViewFullCatalogue", "punchoutOnly"] });

describe("/cms/download", () => {
  it("groups the guides by category in the provider's order, each with its description, file type and size and a portal link", async () => {
    const data = (await list()) as {
      groups: Array<{
        category: string;
        guides: Array<{ title: string; description: string; file: string; to: string }>;
      }>;
    };
    expect(data.groups.map((g) => g.category)).toEqual(["Garment care", "Safety standards", "Ordering"]);
    expect(data.groups[1].guides).toEqual([
      {
        id: 2,
        title: "Hi-vis classes explained",
        description: "About Hi-vis classes explained.",
        file: "PDF, 1.5 MB",
        to: "/cms/download/2",
      },
      { id: 3, title: "PPE sizing", description: "About PPE sizing.", file: "PDF, 900 bytes", to: "/cms/download/3" },
    ]);
    expect(data.groups[0].guides[0].file).toBe("PDF, 2 KB");
  });

  it("CMS text in titles, categories and descriptions is drawn as text, tags dropped and entities decoded", async () => {
    const guides = [
      trainingGuide(9, "Care &amp; repair <script>x()</script>", "<b>Garment</b> care", {
        description: "<img src=x onerror=alert(1)>Wash at 60&deg;",
      }),
    ];
    const data = (await list({ guides })) as {
      groups: Array<{ category: string; guides: Array<{ title: string; description: string }> }>;
    };
    expect(data.groups[0].category).toBe("Garment care");
    expect(data.groups[0].guides[0].title).toBe("Care & repair");
    expect(data.groups[0].guides[0].description).toBe("Wash at 60°");
  });

  it("no guides: an empty list", async () => {
    expect(await list({ guides: [] })).toEqual({ groups: [] });
  });

  it("the provider failing is an error page", async () => {
    expect(statusOf(await list({ guidesFail: 503 }))).toBe(502);
  });

  it("without a session: sent to log in", async () => {
    expect(locationOf(await list({ cookie: "" }))).toBe(`/login?redirect=${encodeURIComponent("/cms/download")}`);
  });

  it("a punchout-only user outside punchout is sent away; within a punchout session it opens", async () => {
    expect(locationOf(await list({ session: punchoutOnly }))).toBe("/punchout-only");
    const inPunchout = sessionAnswer({ permissions: ["punchoutOnly"], punchoutSession: "ps-1" });
    expect(((await list({ session: inPunchout })) as { groups: unknown[] }).groups).toHaveLength(3);
  });
});

describe("/cms/download/{id}", () => {
  it("streams the provider's file with its type, download name and length, nosniff, asked with the user's token", async () => {
    const fileRequests: Array<{ id: string; authorization: string | null }> = [];
    const result = (await download("2", { fileRequests })) as Response;
    expect(fileRequests).toEqual([{ id: "2", authorization: "Bearer token-1" }]);
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("application/pdf");
    expect(result.headers.get("Content-Disposition")).toBe('attachment; filename="hi-vis-classes-explained.pdf"');
    expect(result.headers.get("Content-Length")).toBe(String(PDF_BYTES.byteLength));
    expect(result.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(result.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await result.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes).toEqual(PDF_BYTES);
  });

  it("an unknown or another customer's guide (the provider's 404) is a 404", async () => {
    const result = (await download("77")) as Response;
    expect(result.status).toBe(404);
    expect(result.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("the provider refusing (403) is a 404 too", async () => {
    expect(statusOf(await download("1", { fileStatus: 403 }))).toBe(404);
  });

  it.each(["0", "abc", "1.5", "-1", "12345678901"])(
    "an id that is no guide's (%s) is a 404 without asking",
    async (id) => {
      const fileRequests: Array<{ id: string; authorization: string | null }> = [];
      expect(statusOf(await download(id, { fileRequests }))).toBe(404);
      expect(fileRequests).toEqual([]);
    },
  );

  it("the provider's session having ended (401): sent to log in", async () => {
    expect(locationOf(await download("1", { fileStatus: 401 }))).toBe(
      `/login?redirect=${encodeURIComponent("/cms/download/1")}`,
    );
  });

  it("the provider failing is a 502, not a file", async () => {
    expect(statusOf(await download("1", { fileStatus: 500 }))).toBe(502);
  });

  it("without a session: sent to log in, the provider not asked", async () => {
    const fileRequests: Array<{ id: string; authorization: string | null }> = [];
    expect(locationOf(await download("1", { fileRequests, cookie: "" }))).toBe(
      `/login?redirect=${encodeURIComponent("/cms/download/1")}`,
    );
    expect(fileRequests).toEqual([]);
  });

  it("a punchout-only user outside punchout is sent away, the provider not asked", async () => {
    const fileRequests: Array<{ id: string; authorization: string | null }> = [];
    expect(locationOf(await download("1", { fileRequests, session: punchoutOnly }))).toBe("/punchout-only");
    expect(fileRequests).toEqual([]);
  });
});
