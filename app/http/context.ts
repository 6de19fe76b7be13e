// What the HTTP server hands every loader and action besides the request.
export type PortalLoadContext = {
  requestId: string;
  clientIp: string;
  cspNonce: string;
};

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends PortalLoadContext {}
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Route tests and scripts that call loaders directly use this stand-in.
 * @internal test seam
 */
export function testLoadContext(overrides: Partial<PortalLoadContext> = {}): PortalLoadContext {
  return { requestId: "test-request", clientIp: "127.0.0.1", cspNonce: "test-nonce", ...overrides };
}
