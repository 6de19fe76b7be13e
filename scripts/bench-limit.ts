/**
 * The bench's physical limit (issue 37, decision 183): each measured page's exact bytes, fetched once from the portal
 * with the bench's own headers (the compressed body when the request asks for compression), served by a bare
 * `node:http` server in its own process on a free loopback port, and driven the same way as the page. A page's
 * throughput over its bytes' throughput is its "share of the limit".
 *
 * Run as a script (`tsx scripts/bench-limit.ts serve`) it is that server: it receives the pages over the IPC channel,
 * listens on a free loopback port and sends the port back.
 */
import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** What a browser sends: the bench's requests carry it too, so the portal answers as it answers browsers. */
export const BROWSER_ACCEPT_ENCODING = "gzip, br";

/** Decision 183: the floor ≥ 5 % of its static limit; every other page ≥ 4 % of the limit for its own bytes. */
export const SHARE_TARGETS = { floor: 0.05, page: 0.04 } as const;

/** One page as the portal sent it: the bytes on the wire and the headers a bare server needs to send them again. */
export type Captured = { path: string; status: number; contentType: string; encoding: string; body: Buffer };

/** A page's throughput as a share of its bytes' throughput from the bare server; NaN when either is unknown. */
export function shareOfLimit(pageRps: number, limitRps: number): number {
  if (!Number.isFinite(pageRps) || !Number.isFinite(limitRps) || limitRps <= 0 || pageRps < 0) return NaN;
  return pageRps / limitRps;
}

/** "share ok" or "share UNDER" against the target for this kind of page (`floor` or any other). */
export function shareVerdict(key: string, share: number): string | null {
  if (!Number.isFinite(share)) return null;
  const target = key === "floor" ? SHARE_TARGETS.floor : SHARE_TARGETS.page;
  return share >= target ? "share ok" : "share UNDER";
}

/** The exact bytes a GET of `path` answers (node:http does not decompress), with its status and encoding. */
export function capture(base: string, headers: Record<string, string>, path: string): Promise<Captured> {
  const target = new URL(path, base);
  return new Promise((resolve, reject) => {
    const request = http.get(target, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          path,
          status: response.statusCode ?? 0,
          contentType: String(response.headers["content-type"] ?? "application/octet-stream"),
          encoding: String(response.headers["content-encoding"] ?? "identity"),
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Mean bytes on the wire over the pages, and their encoding(s) ("br", "gzip", "identity" or "br+identity"). */
export function wireSize(pages: readonly Captured[]): { bytes: number; encoding: string } {
  if (pages.length === 0) return { bytes: NaN, encoding: "–" };
  const bytes = pages.reduce((sum, p) => sum + p.body.length, 0) / pages.length;
  return { bytes, encoding: [...new Set(pages.map((p) => p.encoding))].join("+") };
}

/**
 * What compressing the uncompressed pages costs, as a reverse proxy would do it (zlib and brotli are the same C
 * libraries a proxy links): mean milliseconds and bytes a page, brotli at the `compression` middleware's quality (4)
 * and gzip at its level (6), each page compressed `rounds` times.
 */
export function compressionCost(
  pages: readonly Captured[],
  rounds = 50,
): { brMs: number; brBytes: number; gzipMs: number; gzipBytes: number } {
  const plain = pages.filter((p) => p.encoding === "identity").map((p) => p.body);
  const time = (squeeze: (body: Buffer) => Buffer) => {
    let bytes = 0;
    const started = performance.now();
    for (let i = 0; i < rounds; i++) for (const body of plain) bytes += squeeze(body).length;
    const n = rounds * plain.length;
    return { ms: n ? (performance.now() - started) / n : NaN, bytes: n ? bytes / n : NaN };
  };
  const br = time((b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  const gzip = time((b) => gzipSync(b, { level: 6 }));
  return { brMs: br.ms, brBytes: br.bytes, gzipMs: gzip.ms, gzipBytes: gzip.bytes };
}

// ---------------------------------------------------------------------------------------------------- the bare server

/** The bare server: each captured path answered with its bytes, status, type and encoding; anything else 404. */
export function bareServer(pages: readonly Captured[]): http.Server {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  return http.createServer((req, res) => {
    const page = byPath.get(req.url ?? "");
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    const headers: http.OutgoingHttpHeaders = { "content-type": page.contentType, "content-length": page.body.length };
    if (page.encoding !== "identity") headers["content-encoding"] = page.encoding;
    res.writeHead(page.status, headers).end(page.body);
  });
}

export type StaticServer = { base: string; pid: number; stop: () => Promise<void> };

/** Starts the bare server in its own process (so it does not share the load generator's thread) with `pages`. */
export async function startStaticServer(pages: readonly Captured[]): Promise<StaticServer> {
  const child: ChildProcess = fork(import.meta.filename, ["serve"], {
    execArgv: ["--import", "tsx"],
    serialization: "advanced", // Buffers cross the IPC channel as they are
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve(Number(message)));
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code}) before it listened`)));
    child.send(pages.map((p) => ({ ...p, body: new Uint8Array(p.body) })));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href && process.argv[2] === "serve") {
  process.once("message", (received) => {
    const pages = (received as Array<Omit<Captured, "body"> & { body: Uint8Array }>).map((p) => ({
      ...p,
      body: Buffer.from(p.body),
    }));
    const server = bareServer(pages);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      process.send!(typeof address === "object" && address ? address.port : 0);
    });
  });
  // SIGTERM, or the bench ending without a word (its IPC channel closes), ends it
  process.once("SIGTERM", () => process.exit(0));
  process.once("disconnect", () => process.exit(0));
}
