import { z } from "zod";
import { VideoConfig, videoConfigFromEnv } from "../video/config";

/** "realistic" waits like the real service (seconds); "fast" answers in milliseconds (tests). */
export type LatencyProfile = "realistic" | "fast";

export interface EmulatorConfig {
  latency: LatencyProfile;
  /** Keys accepted as `Authorization: Bearer <key>` by the image endpoints (spec 5). */
  apiKeys: string[];
  /** In-flight image requests allowed before 429 / QuotaExceeded (spec 8, value not shown: our choice). */
  imageConcurrency: number;
  /** Lifetime of issued image URLs (spec 2.1: 12 hours). */
  urlLifetimeSeconds: number;
  /** Case-insensitive words that fail content moderation; an `output:` prefix makes a word fail output moderation instead. */
  moderationBlocklist: string[];
  /** How alpha v3.5 frames travel on the wire (spec 4.2: not shown, so both are emulated). */
  v35WireFormat: "json" | "sse";
  /** The beta account the key belongs to (spec 7.2 CreditInsufficient, ModelUnavailable, Forbidden). */
  beta: BetaAccountConfig;
  /** Settings of the video agent and inference server; owned by emulator/video. */
  video: Record<string, unknown>;
}

export interface BetaAccountConfig {
  /** Images the account may still generate; null means unlimited. */
  credits: number | null;
  /** Beta models answering ModelUnavailable. */
  unavailableModels: string[];
  /** Valid keys that are not permitted to use the beta endpoint (Forbidden). */
  forbiddenKeys: string[];
}

export const emulatorConfigSchema = z.object({
  latency: z.enum(["realistic", "fast"]),
  apiKeys: z.array(z.string().min(1)).min(1),
  imageConcurrency: z.number().int().min(1),
  urlLifetimeSeconds: z.number().positive(),
  moderationBlocklist: z.array(z.string().min(1)),
  v35WireFormat: z.enum(["json", "sse"]),
  beta: z.object({
    credits: z.number().int().min(0).nullable(),
    unavailableModels: z.array(z.string()),
    forbiddenKeys: z.array(z.string()),
  }),
  video: z.record(z.string(), z.unknown()),
});

export const defaultConfig: EmulatorConfig = {
  latency: "realistic",
  apiKeys: ["emulator-key"],
  imageConcurrency: 4,
  urlLifetimeSeconds: 43_200,
  moderationBlocklist: ["forbidden", "blocked-word"],
  v35WireFormat: "json",
  beta: { credits: null, unavailableModels: [], forbiddenKeys: [] },
  video: {},
};

const commaList = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

const envSchema = z.object({
  EMULATOR_LATENCY: z.enum(["realistic", "fast"]).default(defaultConfig.latency),
  EMULATOR_API_KEYS: z
    .string()
    .default(defaultConfig.apiKeys.join(","))
    .transform(commaList)
    .pipe(z.array(z.string()).min(1, "needs at least one key")),
  EMULATOR_IMAGE_CONCURRENCY: z.coerce.number().int().min(1).default(defaultConfig.imageConcurrency),
  EMULATOR_URL_LIFETIME_SECONDS: z.coerce.number().positive().default(defaultConfig.urlLifetimeSeconds),
  EMULATOR_BLOCKLIST: z.string().default(defaultConfig.moderationBlocklist.join(",")).transform(commaList),
  EMULATOR_V35_WIRE: z.enum(["json", "sse"]).default(defaultConfig.v35WireFormat),
  EMULATOR_BETA_CREDITS: z.union([z.literal("unlimited"), z.coerce.number().int().min(0)]).default("unlimited"),
  EMULATOR_BETA_UNAVAILABLE_MODELS: z.string().default("").transform(commaList),
  EMULATOR_BETA_FORBIDDEN_KEYS: z.string().default("").transform(commaList),
});

/** Reads the EMULATOR_* variables; throws an error naming every bad variable. */
export function configFromEnv(env: Record<string, string | undefined> = process.env): EmulatorConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid emulator environment: ${problems.join("; ")}`);
  }
  const vars = parsed.data;
  return {
    latency: vars.EMULATOR_LATENCY,
    apiKeys: vars.EMULATOR_API_KEYS,
    imageConcurrency: vars.EMULATOR_IMAGE_CONCURRENCY,
    urlLifetimeSeconds: vars.EMULATOR_URL_LIFETIME_SECONDS,
    moderationBlocklist: vars.EMULATOR_BLOCKLIST,
    v35WireFormat: vars.EMULATOR_V35_WIRE,
    beta: {
      credits: vars.EMULATOR_BETA_CREDITS === "unlimited" ? null : vars.EMULATOR_BETA_CREDITS,
      unavailableModels: vars.EMULATOR_BETA_UNAVAILABLE_MODELS,
      forbiddenKeys: vars.EMULATOR_BETA_FORBIDDEN_KEYS,
    },
    video: videoConfigFromEnv(env),
  };
}

/** Validates a complete configuration; the error names each offending field. */
export function validateConfig(candidate: unknown): EmulatorConfig {
  const parsed = emulatorConfigSchema.safeParse(candidate);
  // The video part is checked by its owner's schema, so a bad video patch is refused here too.
  const video = VideoConfig.safeParse(parsed.success ? parsed.data.video : {});
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues),
    ...(video.success ? [] : video.error.issues.map((issue) => ({ ...issue, path: ["video", ...issue.path] }))),
  ];
  if (!parsed.success || issues.length > 0) {
    const problems = issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new Error(`Invalid emulator config: ${problems.join("; ")}`);
  }
  return parsed.data;
}
