import "server-only";
import pino from "pino";

// Structured JSON logs. Anything that may carry a secret is redacted by path, so a key or password
// never reaches the log even when a whole request or config object is logged by mistake.
export const log = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: { service: "studio" },
  redact: {
    paths: [
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
      "IMAGE_API_KEY",
      "AUTH_SECRET",
      "ASSET_SIGNING_KEY",
    ],
    censor: "[redacted]",
  },
});

export function requestLogger(requestId: string) {
  return log.child({ requestId });
}
