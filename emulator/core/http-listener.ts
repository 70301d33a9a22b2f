import { serve } from "@hono/node-server";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Hono } from "hono";

export interface Listening {
  url: string;
  close(): Promise<void>;
}

// A wildcard bind address is not something a client can call; advertise loopback instead.
const advertisedHost = (host: string) => (host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host);

/** Serves `app` on host:port (0 picks a free port) and resolves once it accepts connections. */
export function listen(app: Hono, host: string, port: number): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => {
      server.off("error", reject);
      const hostForUrl = advertisedHost(host).includes(":") ? `[${advertisedHost(host)}]` : advertisedHost(host);
      resolve({
        url: `http://${hostForUrl}:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Keep-alive connections of test clients would otherwise hold close() open.
            server.closeAllConnections();
          }),
      });
    }) as Server;
    // Node closes an idle keep-alive connection after 5 s, which can cross a client's reuse of it
    // (the client then gets ECONNRESET). Clients' pools close theirs well before this.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.once("error", reject);
  });
}
