// How long the web server keeps an idle connection open. Longer than a load balancer's own idle
// timeout (deploy/Caddyfile sets 60 s, as AWS's and nginx's defaults are), so it is the balancer that
// closes an idle connection: when the server closes first, a request the balancer sends on that
// connection at the same moment meets a reset and the designer a 502. Node's default is 5 s.
export const SERVER_KEEP_ALIVE_MS = 65_000;

/** Node requires the header timeout to exceed the keep-alive one, or a kept connection's next request can be cut. */
export const SERVER_HEADERS_TIMEOUT_MS = SERVER_KEEP_ALIVE_MS + 1_000;

/** The balancer's idle timeout for connections to the web servers (deploy/Caddyfile's `keepalive`). */
export const BALANCER_KEEP_ALIVE_SECONDS = 60;
