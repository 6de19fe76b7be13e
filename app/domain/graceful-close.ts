import type { Server } from "node:http";

/** how often idle keep-alive connections are closed while a server stops */
const SWEEP_MS = 50;

/**
 * Stops an HTTP server the way both processes stop (decision 153): it accepts no new connection; every request in
 * flight is answered (a request that arrives meanwhile on an open connection too, told `Connection: close`); idle
 * keep-alive connections are closed at once and again as each answer ends, so a client that keeps its connection
 * open cannot hold the process. Resolves when the last connection has gone; at once when the server was not listening.
 */
export function closeGracefully(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  const lastOnes = (_req: unknown, res: { setHeader(name: string, value: string): unknown }) =>
    void res.setHeader("connection", "close");
  server.on("request", lastOnes);
  const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
  return new Promise<void>((resolve, reject) => {
    server.close((error) => {
      clearInterval(sweep);
      server.off("request", lastOnes);
      if (error) reject(error);
      else resolve();
    });
    server.closeIdleConnections();
  });
}
