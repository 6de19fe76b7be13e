import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { DocumentContext } from "~/components/document-context";
import { QuickViewDialog } from "~/components/quick-view-dialog";
import { redactUrl } from "~/domain/operations";
import { logger } from "~/http/log.server";

// startPortal hands the build its route table through this, so the build's own guard reads it (decision 176)
export { registerRoutes } from "~/http/route-tree.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  const nonce = loadContext?.cspNonce ?? "";
  const requestId = loadContext?.requestId ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <DocumentContext.Provider value={{ nonce, requestId, QuickViewDialog }}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </DocumentContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-store");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered)
            logger().error({ reqId: requestId, err: error }, "rendering the page failed after its shell");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const reqId = (context as Partial<AppLoadContext> | undefined)?.requestId;
  const { pathname, search } = new URL(request.url);
  logger().error({ reqId, err: error, method: request.method, path: redactUrl(pathname + search) }, "request failed");
};
