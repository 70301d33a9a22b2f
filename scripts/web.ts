// The studio's production web server (`npm run start:web`; `npm start` runs it): a Node HTTP server of
// its own with Next's request handler behind it (Next's custom-server API), which answers signed
// delivery URLs itself (lib/assets/deliver-from-node: the file from the local disk, or the redirect
// to the object store), sends the build's brotli copies of static scripts and stylesheets
// (lib/http/precompressed-static) and hands every other request to Next unchanged. Run with the react-server condition, as the studio's server
// modules expect. `PORT` (default 3000) and `HOSTNAME` (default every interface), as `next start`.
// SIGTERM or SIGINT drains the server (instrumentation.ts, lib/http/server-drain).
import { createServer } from "node:http";
import { buildDir } from "./build-dir";

async function main() {
  // What `next start` sets before Next loads; a custom server gets no signal handling from Next, so
  // the studio's drain is the only one (instrumentation.ts reads NEXT_MANUAL_SIG_HANDLE).
  Object.assign(process.env, { NODE_ENV: "production", NEXT_MANUAL_SIG_HANDLE: "1" });
  const { default: next } = await import("next");
  const { deliverFromNode, isDeliveryRequest } = await import("../lib/assets/deliver-from-node");
  const { precompressedStatic } = await import("../lib/http/precompressed-static");
  const { settings } = await import("../lib/settings");
  const { log } = await import("../lib/log");
  const { SERVER_HEADERS_TIMEOUT_MS, SERVER_KEEP_ALIVE_MS } = await import("../lib/http/keep-alive");

  const port = settings().PORT;
  const hostname = process.env.HOSTNAME || undefined;
  const app = next({ dev: false, dir: process.cwd(), hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const serveStatic = precompressedStatic(buildDir());
  const server = createServer((request, response) => {
    if (!isDeliveryRequest(request)) return serveStatic(request, response, () => void handle(request, response));
    // A delivery that fails before its answer starts is Next's to answer (the route's error).
    void deliverFromNode(request, response)
      .catch(() => false)
      .then((served) => (served ? undefined : handle(request, response)));
  });
  server.keepAliveTimeout = SERVER_KEEP_ALIVE_MS;
  server.headersTimeout = SERVER_HEADERS_TIMEOUT_MS;
  await new Promise<void>((resolve) => server.listen(port, hostname, resolve));
  log.info({ port, hostname: hostname ?? "(every interface)" }, "the web server is listening");
}

main().catch((error: unknown) => {
  process.stderr.write(`[studio] the web server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
