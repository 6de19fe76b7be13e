import type { Socket } from "node:net";
import { Readable } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { CXML_BODY_LIMIT, FORM_BODY_LIMIT, OCI_BODY_LIMIT, PROMO_FORM_BODY_LIMIT } from "~/domain/body-limits";

// Issue 32 item 8(a), decision 150: every request body is counted while it is read, whether it came with a
// Content-Length or chunked. Past its limit the answer is 413 at once, the connection is ended and the rest is not
// read. Within it, the body (at most 1 MB in memory) is handed to Remix, which never sees a cut-off body.

export function bodyLimitFor(path: string): number {
  if (path === "/punchout/cxml" || path.startsWith("/punchout/cxml/")) return CXML_BODY_LIMIT;
  if (path === "/punchout/oci" || path.startsWith("/punchout/oci/")) return OCI_BODY_LIMIT;
  if (/^\/admin\/promo\/[^/]+$/.test(path)) return PROMO_FORM_BODY_LIMIT;
  return FORM_BODY_LIMIT;
}

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`);

export const tooLargeMessage = (limit: number) =>
  `Payload Too Large: this address takes at most ${kb(limit)}. Nothing was saved.`;

/** Whether the request says a body follows (a Content-Length above 0, or any Transfer-Encoding). */
const hasBody = (req: Request) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/** How long a refused connection stays open, unread, so the client reads the 413 before the socket is reset. */
const LINGER_MS = 5_000;

/**
 * The 413 with `Connection: close`; nothing more is read. Node ends such an answer's socket with `destroySoon`, which
 * closes it as soon as the answer is written: while the client is still sending, that resets the connection, and a
 * client busy sending can lose the answer. So this socket is only ended (the client sees the answer and the close),
 * and its unread bytes wait in the socket buffers (the client stalls once they are full) until LINGER_MS have passed.
 */
function refuse(req: Request, res: Response, limit: number): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  res.status(413).set({ Connection: "close", "Cache-Control": "no-store" }).type("text/plain");
  res.send(tooLargeMessage(limit));
}

/** The bytes a request's body held, once read within its limit (read by `requestForRemix`). */
const BODIES = new WeakMap<Request, Buffer>();

/** Express middleware: reads and counts the body, or answers 413 as soon as it is over its path's limit. */
export function limitRequestBodies(limitFor: (path: string) => number = bodyLimitFor) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!hasBody(req)) return next();
    const limit = limitFor(req.path);
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) return refuse(req, res, limit);
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        stop();
        req.pause();
        chunks.length = 0;
        refuse(req, res, limit);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      BODIES.set(req, Buffer.concat(chunks, size));
      next();
    };
    // the client went away mid-body: there is nobody to answer
    const onError = () => {
      stop();
      chunks.length = 0;
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  };
}

/**
 * What Remix's Express adapter reads the request from: the request itself when it had no body, else a stream of the
 * bytes already read, with the request's fields the adapter uses (method, headers, address, host).
 */
export function requestForRemix(req: Request): Request {
  const body = BODIES.get(req);
  if (!body) return req;
  const stream = Readable.from(body.byteLength ? [body] : []);
  return Object.assign(stream, {
    method: req.method,
    headers: req.headers,
    originalUrl: req.originalUrl,
    protocol: req.protocol,
    hostname: req.hostname,
    get: req.get.bind(req),
  }) as unknown as Request;
}
