import "server-only";
import pino, { type DestinationStream } from "pino";
import { settings } from "./settings";

// Anything that may carry a secret is redacted by path, so a key or password never reaches the log
// even when a whole request or config object is logged by mistake.
const REDACTED_PATHS = [
  "password",
  "*.password",
  "passwordHash",
  "*.passwordHash",
  "apiKey",
  "*.apiKey",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "*.headers.authorization",
  "secret",
  "*.secret",
  "IMAGE_API_KEY",
  "AUTH_SECRET",
  "ASSET_SIGNING_KEY",
];

// A personal access token is recognisable by its prefix (lib/access-tokens/token-schemas), so it is
// removed from every line wherever it sits: in a message, an error or a field no path names.
const ACCESS_TOKEN_SECRET = /studio_pat_[A-Za-z0-9_-]*/g;

/** Structured JSON logs (one object per line). */
export function createLogger(destination?: DestinationStream) {
  const options = {
    level: settings().LOG_LEVEL,
    base: { service: "studio" },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    hooks: { streamWrite: (line: string) => line.replace(ACCESS_TOKEN_SECRET, "studio_pat_[redacted]") },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const log = createLogger();

export function requestLogger(requestId: string) {
  return log.child({ requestId });
}
