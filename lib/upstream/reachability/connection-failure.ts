// Which failed fetches mean "nothing answered": the connection was never made (refused, no such
// host, no route, the connect timed out). Such a request sent no byte, so it cannot have started
// any work upstream; every other failure (a reset mid-answer, a read timeout) may have.

const CONNECTION_FAILURE_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** The system error code of a fetch that could not connect (e.g. ECONNREFUSED), else undefined. */
export function connectionFailureCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_FAILURE_CODES.has(code)) return code;
    // undici wraps one connect error per address tried in an AggregateError.
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner)) {
      const found = inner.map(connectionFailureCode).find(Boolean);
      if (found) return found;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
