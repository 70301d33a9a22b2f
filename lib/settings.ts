// Every variable the studio reads, parsed once per process and read from here by every module
// (logging, database, storage, upstream clients). Not server-only so that the start and database
// scripts read the same definitions; it never holds generated secrets (lib/env.ts adds those).
import { z } from "zod";
import { hasErrorName } from "./error-name";
import { storageUrlSchema } from "./storage/storage-url";

const optionalUrl = z.url().optional();

// Every variable the server reads. Upstream URLs and keys are server-only: nothing here is ever
// exposed as NEXT_PUBLIC_*. scripts/start.ts fills the upstream variables with the emulator's
// addresses when they are unset.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
    .optional(),
  STUDIO_DATA_DIR: z.string().optional(),
  /** The S3-compatible object store holding the blobs; unset, they live on local disk under STUDIO_DATA_DIR. */
  STORAGE_URL: storageUrlSchema.optional(),
  /**
   * Set by `npm start` when it runs the embedded database, whose only studio process this is: jobs
   * found running at start were cut off by the last stop and end at once.
   */
  STUDIO_SINGLE_INSTANCE: z.enum(["0", "1"]).default("0").transform((value) => value === "1"),
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
  /** How often a worker polls a running job; queued jobs half as often, errors back off from it. */
  VIDEO_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  /** How long after a POST with an unknown outcome the worker looks for the job in the agent's list. */
  VIDEO_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * How often the worker probes an unreachable upstream service (a reachable one every four times
   * this), and so how soon the studio notices an outage's end; the browser reads the state as often.
   */
  UPSTREAM_PROBE_TICK_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  USER_MAX_RUNNING_GENERATIONS: z.coerce.number().int().min(1).max(100).default(3),
  /** Media files processed at once in this process (decodes, thumbnails, ffmpeg and ffprobe runs); the rest wait. */
  MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Of those, how many one person's files may take at once. */
  USER_MAX_MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Settings = z.infer<typeof envSchema>;

/** Every variable the studio reads into its settings. */
export const SETTING_NAMES = Object.keys(envSchema.shape);

export class InvalidEnvironmentError extends Error {
  override readonly name = "InvalidEnvironmentError";
}

export function isInvalidEnvironmentError(error: unknown): error is InvalidEnvironmentError {
  return hasErrorName(error, "InvalidEnvironmentError");
}

export function parseEnv(source: Record<string, string | undefined>): Settings {
  // An empty variable (`DATABASE_URL=`) means unset, as shells and .env files usually intend.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new InvalidEnvironmentError(`Invalid environment variables:\n  ${problems.join("\n  ")}`);
  }
  return result.data;
}

let cached: Settings | undefined;

/** Parses the variables into the process's settings: at start, and when a test harness changes them. */
export function loadSettings(source: Record<string, string | undefined> = process.env): Settings {
  cached = parseEnv(source);
  return cached;
}

/** The process's settings: loaded from process.env on first use, then the same object every time. */
export function settings(): Settings {
  return cached ?? loadSettings();
}
