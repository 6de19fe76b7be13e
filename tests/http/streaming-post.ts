import http from "node:http";

// A client that sends a large body slowly enough to be answered mid-way (decision 150's tests, unit and e2e).

export type Sent = { status: number | null; text: string; written: number; error: string | null };

/**
 * POSTs up to `total` bytes in 16 KB chunks (chunked unless `contentLength`), as fast as the socket takes them, and
 * stops writing as soon as an answer arrives. `written` is what had been handed to the socket by then: an answer that
 * comes while far less than `total` was written shows the server did not wait for (or read) the rest.
 */
export function postStream(
  url: string,
  total: number,
  opts: { contentLength?: number; fill?: number; contentType?: string; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve) => {
    const headers: Record<string, string> = {
      "content-type": opts.contentType ?? "application/x-www-form-urlencoded",
      ...opts.headers,
    };
    if (opts.contentLength !== undefined) headers["content-length"] = String(opts.contentLength);
    else headers["transfer-encoding"] = "chunked";
    const req = http.request({ host: hostname, port, path: pathname + search, method: "POST", headers });
    const out: Sent = { status: null, text: "", written: 0, error: null };
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      out.status = res.statusCode ?? null;
      res.setEncoding("utf8");
      res.on("data", (c: string) => (out.text += c));
      res.on("end", () => resolve(out));
      res.on("error", () => resolve(out));
    });
    req.on("error", (e) => {
      out.error = String((e as NodeJS.ErrnoException).code ?? e.message);
      if (!answered || out.status === null) resolve(out);
    });
    const chunk = Buffer.alloc(16 * 1024, opts.fill ?? 0x61);
    const pump = () => {
      while (!answered && out.written < total) {
        const size = Math.min(chunk.byteLength, total - out.written);
        out.written += size;
        if (!req.write(size === chunk.byteLength ? chunk : chunk.subarray(0, size))) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered && opts.contentLength === undefined) req.end();
      else if (!answered && out.written >= total) req.end();
    };
    if (total === 0) req.end();
    else pump();
  });
}
