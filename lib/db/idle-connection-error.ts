/**
 * A pooled connection that fails while idle (PostgreSQL restarted or terminated it, or a test
 * dropped its database just after close(): pool.end() resolves before its connections have closed)
 * is discarded by pg-pool, which then emits "error" on the pool; with nobody listening, that event
 * crashes the process, and Prisma's adapter listens only while a client is connected. The next
 * query opens a new connection. Only the code and message are printed: the error carries the
 * connection, whose parameters include the password.
 */
export function reportIdleConnectionError(error: Error & { code?: string }): void {
  console.warn(`PostgreSQL: an idle connection failed and was discarded (${error.code ?? "no code"}: ${error.message})`);
}
