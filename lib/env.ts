import "server-only";
import { z } from "zod";
import { loadOrCreateSecrets } from "./secrets";

const optionalUrl = z.url().optional();

// Every variable the server reads. Upstream URLs and keys are server-only: nothing here is ever
// exposed as NEXT_PUBLIC_*. scripts/start.ts fills the upstream variables with the emulator's
// addresses when they are unset.
const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
    .optional(),
  STUDIO_DATA_DIR: z.string().optional(),
  IMAGE_API_BASE_URL: optionalUrl,
  IMAGE_API_KEY: z.string().min(1).optional(),
  VIDEO_AGENT_URL: optionalUrl,
  VIDEO_INFERENCE_URL: optionalUrl,
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ASSET_SIGNING_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  STUDIO_PUBLIC_URL: optionalUrl,
  ALPHA_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  BETA_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(180_000),
  USER_MAX_RUNNING_GENERATIONS: z.coerce.number().int().min(1).max(100).default(3),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type StudioEnv = z.infer<typeof envSchema> & { AUTH_SECRET: string; ASSET_SIGNING_KEY: string };

export class InvalidEnvironmentError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): z.infer<typeof envSchema> {
  // An empty variable (`DATABASE_URL=`) means unset, as shells and .env files usually intend.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new InvalidEnvironmentError(`Invalid environment variables:\n  ${problems.join("\n  ")}`);
  }
  return result.data;
}

let cached: StudioEnv | undefined;

export function env(): StudioEnv {
  if (cached) return cached;
  const parsed = parseEnv(process.env);
  const needsGenerated = !parsed.AUTH_SECRET || !parsed.ASSET_SIGNING_KEY;
  const generated = needsGenerated ? loadOrCreateSecrets() : undefined;
  cached = {
    ...parsed,
    AUTH_SECRET: parsed.AUTH_SECRET ?? generated!.authSecret,
    ASSET_SIGNING_KEY: parsed.ASSET_SIGNING_KEY ?? generated!.assetSigningKey,
  };
  return cached;
}

export function upstreamConfig() {
  const e = env();
  if (!e.IMAGE_API_BASE_URL || !e.IMAGE_API_KEY) {
    throw new InvalidEnvironmentError("IMAGE_API_BASE_URL and IMAGE_API_KEY must be set (npm start sets them to the emulator)");
  }
  if (!e.VIDEO_AGENT_URL) throw new InvalidEnvironmentError("VIDEO_AGENT_URL must be set (npm start sets it to the emulator)");
  return {
    imageBaseUrl: e.IMAGE_API_BASE_URL,
    imageApiKey: e.IMAGE_API_KEY,
    videoAgentUrl: e.VIDEO_AGENT_URL,
    videoInferenceUrl: e.VIDEO_INFERENCE_URL,
  };
}
