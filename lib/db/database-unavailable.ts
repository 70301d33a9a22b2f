// Whether an error means the database could not be reached or dropped the connection (a restart, a
// failover, a network cut), as opposed to a query it refused. Told apart by the codes the driver
// and Prisma's adapter report, never by class: the error may come from another bundle's copy.

/** Prisma's adapter kinds for a connection that could not be made or was lost. */
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** Prisma's own codes: server unreachable, connection closed, timed out waiting for the pool. */
const UNREACHABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2024"]);
/** Node's socket errors. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
/**
 * PostgreSQL's: class 08 (connection exception), shutting down (57P01–57P03), and a FATAL 55000
 * ("database … is not currently accepting connections").
 */
function isUnavailableSqlState(code: unknown, severity: unknown): boolean {
  if (typeof code !== "string") return false;
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || (code === "55000" && severity === "FATAL");
}

type ErrorFields = { code?: unknown; severity?: unknown; kind?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: { cause?: unknown } } };

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  const fields = error as ErrorFields;
  if (typeof fields.kind === "string" && UNREACHABLE_KINDS.has(fields.kind)) return true;
  if (isUnavailableSqlState(fields.originalCode ?? fields.code, fields.severity)) return true;
  if (typeof fields.code === "string" && (UNREACHABLE_PRISMA_CODES.has(fields.code) || SOCKET_CODES.has(fields.code))) return true;
  if (typeof fields.message === "string" && /Connection terminated|server closed the connection/i.test(fields.message)) return true;
  return isDatabaseUnavailable(fields.meta?.driverAdapterError?.cause, depth + 1) || isDatabaseUnavailable(fields.cause, depth + 1);
}
