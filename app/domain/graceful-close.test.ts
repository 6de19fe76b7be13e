import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { closeGracefully } from "./graceful-close";

/** Decision 153: both processes stop by answering what is in flight, and no open connection holds them. */
describe("closeGracefully", () => {
  it("answers the request in flight, refuses new connections, and ends once the answer is sent", async () => {
    const server = http.createServer((req, res) => {
      const ms = req.url === "/slow" ? 600 : 0;
      setTimeout(() => res.end(req.url), ms);
    });
    server.keepAliveTimeout = 60_000; // an idle connection would hold a plain close() for a minute
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    const get = (path: string) =>
      new Promise<{ body: string; connection: string | undefined }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path, agent }, (res) => {
            let body = "";
            res.on("data", (c: Buffer) => (body += c.toString()));
            res.on("end", () => resolve({ body, connection: res.headers.connection }));
          })
          .on("error", reject);
      });
    try {
      expect((await get("/warm")).body).toBe("/warm"); // leaves an idle keep-alive connection
      const slow = get("/slow");
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      let closed = false;
      const closing = closeGracefully(server).then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(closed).toBe(false); // the slow answer is still on its way
      await expect(get("/new")).rejects.toThrow(); // a new connection: refused
      expect((await slow).body).toBe("/slow");
      await closing;
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      agent.destroy();
      if (server.listening) server.close();
    }
  });

  it("is done at once for a server that is not listening", async () => {
    await expect(closeGracefully(http.createServer())).resolves.toBeUndefined();
  });
});
