// The video agent's limits and vocabularies (spec 2.5, 2.6, 4.4, 4.4.1, 8), in one place. Browser-safe:
// the form, the server and the client read the same numbers.

export const VIDEO_MODEL = "gamma-video-h3";

export const VIDEO_TASKS = ["t2va", "fl2va", "ref2va"] as const;
export type VideoTask = (typeof VIDEO_TASKS)[number];

export const VIDEO_TASK_LABELS: Record<VideoTask, string> = {
  t2va: "Text to video",
  fl2va: "First / last frame",
  ref2va: "References",
};

/** Tasks that need a loaded partition mode of their own name (spec 2.6, 3.2); t2va runs in either. */
export const PARTITION_MODES = ["fl2va", "ref2va"] as const;
export type PartitionMode = (typeof PARTITION_MODES)[number];

export const VIDEO_STATUSES = ["queued", "running", "completed", "failed", "canceled"] as const;
export type VideoUpstreamStatus = (typeof VIDEO_STATUSES)[number];

/** Spec 4.4 `seconds` and spec 8. */
export const VIDEO_SECONDS = { min: 4, max: 15, default: 5 } as const;

/** Spec 4.4 `target.short_edge`: 768 is native; above it, post-processing picks a fixed spec of the family. */
export const VIDEO_SHORT_EDGE = { min: 768, max: 2160, native: 768, presets: [768, 1080, 1440, 2160] } as const;

export const VIDEO_ASPECT_RATIOS = ["21:9", "16:9", "4:3", "1:1", "3:4", "9:16"] as const;
export type VideoAspectRatio = (typeof VIDEO_ASPECT_RATIOS)[number];
export const VIDEO_DEFAULT_ASPECT_RATIO: VideoAspectRatio = "16:9";

/** Spec 4.4: defaults of the advanced fields, and the step count from which the agent warns. */
export const VIDEO_DEFAULTS = { steps: 20, flowShift: 12, audioFlowShift: 3 } as const;
export const VIDEO_STEPS_WARNING_FROM = 50;
/** Spec 4.4 `seed`: int64; the studio keeps seeds JavaScript numbers hold exactly. */
export const VIDEO_SEED_MAX = Number.MAX_SAFE_INTEGER;

/** Spec 4.4.1 counts per task. */
export const REFERENCE_LIMITS = { images: 9, videos: 3, audio: 3, total: 12 } as const;
export const KEYFRAME_LIMITS = { min: 1, max: 2 } as const;

const MIB = 1024 * 1024;

/** Spec 4.4.1 file limits. */
export const VIDEO_INPUT_LIMITS = {
  image: {
    extensions: ["jpg", "jpeg", "png", "webp", "heic", "heif"],
    mimes: ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"],
    maxBytes: 30 * MIB,
    side: { min: 256, max: 5760 },
    ratio: { min: 0.4, max: 2.5 },
  },
  video: {
    extensions: ["mp4", "mov"],
    mimes: ["video/mp4", "video/quicktime"],
    maxBytes: 50 * MIB,
    seconds: { min: 2, max: 15 },
    fps: { min: 23, max: 60 },
    side: { min: 256, max: 5760 },
  },
  audio: {
    extensions: ["wav", "mp3"],
    mimes: ["audio/wav", "audio/x-wav", "audio/wave", "audio/mpeg"],
    maxBytes: 15 * MIB,
    seconds: { min: 2, max: 15 },
  },
} as const;
export type VideoInputType = keyof typeof VIDEO_INPUT_LIMITS;

/** Spec 4.4.1: reference video and audio together. */
export const REFERENCE_TOTAL_SECONDS = 15;

/** Spec 8: jobs and their results are kept 7 days by default. */
export const VIDEO_RETENTION_DAYS = 7;

/**
 * Spec 8: keyframe and reference paths need a supported size ("such as 1344x768, avoid 1280x720").
 * The base (short edge 768) size per aspect ratio, long edge a multiple of 64 (the spatial
 * compression multiple): the size the studio prepares keyframe images at.
 */
export const SUPPORTED_BASE_SIZES: Record<VideoAspectRatio, { width: number; height: number }> = {
  "21:9": { width: 1792, height: 768 },
  "16:9": { width: 1344, height: 768 },
  "4:3": { width: 1024, height: 768 },
  "1:1": { width: 768, height: 768 },
  "3:4": { width: 768, height: 1024 },
  "9:16": { width: 768, height: 1344 },
};

/**
 * "720p delivery" (spec 8: generate at a supported size and convert afterwards, e.g. for the 1280x720
 * it says not to generate at): the archived result converted to the 720p frame of its aspect ratio,
 * scaled to cover it and centre-cropped (1344x768 is 7:4, a hair wider than 16:9).
 */
export const DELIVERY_720P_SIZES: Record<VideoAspectRatio, { width: number; height: number }> = {
  "21:9": { width: 1680, height: 720 },
  "16:9": { width: 1280, height: 720 },
  "4:3": { width: 960, height: 720 },
  "1:1": { width: 720, height: 720 },
  "3:4": { width: 720, height: 960 },
  "9:16": { width: 720, height: 1280 },
};
