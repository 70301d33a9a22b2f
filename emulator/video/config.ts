import { z } from "zod";

export const PARTITION_MODES = ["fl2va", "ref2va"] as const;
export type PartitionMode = (typeof PARTITION_MODES)[number];

// Spec 2.7: the dependencies /healthz reports.
export const DEPENDENCIES = ["moderation", "database", "partition"] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

type Latency = "realistic" | "fast";

/**
 * The `video` part of the emulator configuration. Fields left out take defaults; the timing
 * fields default per latency profile (see `resolveVideoSettings`).
 */
export const VideoConfig = z.object({
  /** Jobs allowed to wait in `queued` (spec 8: value not shown, our choice 8). */
  queueLimit: z.number().int().min(0).default(8),
  /** Spec 8: jobs and local results are kept 7 days by default. */
  retentionSeconds: z.number().positive().default(7 * 24 * 3600),
  /** Time a partition switch takes (spec 3.2: not shown; realistic 30 s, fast 0.2 s). */
  partitionSwitchSeconds: z.number().min(0).optional(),
  initialPartition: z.enum(PARTITION_MODES).default("fl2va"),
  /** Dependencies reported `degraded` by /healthz (spec 2.7); `partition` also puts the partition in `error`. */
  degradedDependencies: z.array(z.enum(DEPENDENCIES)).default([]),
  /** Least wall time of one inference generation (realistic 12 s, fast 0). */
  generationSeconds: z.number().min(0).optional(),
  /** Least wall time of the post-processing (upscale) step (realistic 8 s, fast 0). */
  upscaleSeconds: z.number().min(0).optional(),
  /** Spec 3.1 "time limit exceeded" → failed (realistic 900 s, fast 60 s). */
  jobTimeoutSeconds: z.number().positive().optional(),
  /** Fast mode renders media scaled so the base short edge (768) becomes this many pixels. */
  fastShortEdge: z.number().int().min(64).max(768).default(128),
  /** Spec 8: agent request body limit, 64 MiB by default. */
  bodyLimitBytes: z.number().int().positive().default(64 * 1024 * 1024),
  /** Pixels (width x height x frames) one upscale may encode; bounds 4K time by lowering its frame rate. */
  upscalePixelBudget: z.number().positive().default(500_000_000),
});
export type VideoConfig = z.infer<typeof VideoConfig>;

export interface VideoSettings {
  queueLimit: number;
  retentionSeconds: number;
  partitionSwitchSeconds: number;
  initialPartition: PartitionMode;
  degradedDependencies: ReadonlySet<Dependency>;
  generationSeconds: number;
  upscaleSeconds: number;
  jobTimeoutSeconds: number;
  bodyLimitBytes: number;
  upscalePixelBudget: number;
  /** Factor applied to every frame size: 1 in realistic mode, fastShortEdge/768 in fast mode. */
  mediaScale: number;
  framesPerSecond: number;
  /** How often the agent polls its inference server. */
  pollIntervalMs: number;
}

const PROFILE: Record<Latency, Pick<VideoSettings, "partitionSwitchSeconds" | "generationSeconds" | "upscaleSeconds" | "jobTimeoutSeconds" | "framesPerSecond" | "pollIntervalMs">> = {
  realistic: { partitionSwitchSeconds: 30, generationSeconds: 12, upscaleSeconds: 8, jobTimeoutSeconds: 900, framesPerSecond: 24, pollIntervalMs: 500 },
  fast: { partitionSwitchSeconds: 0.2, generationSeconds: 0, upscaleSeconds: 0, jobTimeoutSeconds: 60, framesPerSecond: 8, pollIntervalMs: 25 },
};

/**
 * Turns `config.video` into concrete settings for the latency profile. With `onInvalid`, fields
 * the schema refuses are reported and fall back to their defaults; without it they throw.
 */
export function resolveVideoSettings(latency: Latency, raw: unknown, onInvalid?: (problems: string) => void): VideoSettings {
  let parsed = VideoConfig.safeParse(raw ?? {});
  if (!parsed.success && onInvalid && typeof raw === "object" && raw !== null) {
    onInvalid(z.prettifyError(parsed.error));
    const refused = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    parsed = VideoConfig.safeParse(Object.fromEntries(Object.entries(raw).filter(([field]) => !refused.has(field))));
  }
  if (!parsed.success) throw new Error(`Invalid video config: ${z.prettifyError(parsed.error)}`);
  const video = parsed.data;
  const profile = PROFILE[latency];
  return {
    queueLimit: video.queueLimit,
    retentionSeconds: video.retentionSeconds,
    partitionSwitchSeconds: video.partitionSwitchSeconds ?? profile.partitionSwitchSeconds,
    initialPartition: video.initialPartition,
    degradedDependencies: new Set(video.degradedDependencies),
    generationSeconds: video.generationSeconds ?? profile.generationSeconds,
    upscaleSeconds: video.upscaleSeconds ?? profile.upscaleSeconds,
    jobTimeoutSeconds: video.jobTimeoutSeconds ?? profile.jobTimeoutSeconds,
    bodyLimitBytes: video.bodyLimitBytes,
    upscalePixelBudget: video.upscalePixelBudget,
    mediaScale: latency === "fast" ? video.fastShortEdge / 768 : 1,
    framesPerSecond: profile.framesPerSecond,
    pollIntervalMs: profile.pollIntervalMs,
  };
}

const number = (value: string) => Number(value);
const list = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

// Environment variable → config field; unset variables leave the default in place.
const ENV_FIELDS: Record<string, [keyof VideoConfig, (value: string) => unknown]> = {
  EMULATOR_VIDEO_QUEUE_LIMIT: ["queueLimit", number],
  EMULATOR_VIDEO_RETENTION_SECONDS: ["retentionSeconds", number],
  EMULATOR_VIDEO_PARTITION_SWITCH_SECONDS: ["partitionSwitchSeconds", number],
  EMULATOR_VIDEO_INITIAL_PARTITION: ["initialPartition", String],
  EMULATOR_VIDEO_DEGRADED: ["degradedDependencies", list],
  EMULATOR_VIDEO_GENERATION_SECONDS: ["generationSeconds", number],
  EMULATOR_VIDEO_UPSCALE_SECONDS: ["upscaleSeconds", number],
  EMULATOR_VIDEO_JOB_TIMEOUT_SECONDS: ["jobTimeoutSeconds", number],
  EMULATOR_VIDEO_FAST_SHORT_EDGE: ["fastShortEdge", number],
  EMULATOR_VIDEO_BODY_LIMIT_BYTES: ["bodyLimitBytes", number],
  EMULATOR_VIDEO_UPSCALE_PIXEL_BUDGET: ["upscalePixelBudget", number],
};

/**
 * Reads the EMULATOR_VIDEO_* variables into a `config.video` object holding only the variables
 * that are set; throws an error naming every bad variable.
 */
export function videoConfigFromEnv(env: Record<string, string | undefined> = process.env): Partial<VideoConfig> {
  const raw: Record<string, unknown> = {};
  const fieldToEnv = new Map<string, string>();
  for (const [name, [field, convert]] of Object.entries(ENV_FIELDS)) {
    const value = env[name];
    if (value === undefined || value.trim() === "") continue;
    raw[field] = convert(value.trim());
    fieldToEnv.set(field, name);
  }
  const parsed = VideoConfig.partial().safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${fieldToEnv.get(String(issue.path[0])) ?? issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid video emulator environment: ${problems.join("; ")}`);
  }
  // Only the variables that are set: defaults stay with resolveVideoSettings.
  const parsedFields = parsed.data as Record<string, unknown>;
  return Object.fromEntries(Object.keys(raw).map((field) => [field, parsedFields[field]])) as Partial<VideoConfig>;
}
