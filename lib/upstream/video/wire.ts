// The video agent (spec 2.5–2.7, 4.4) and the video inference server (spec 4.5) on the wire: what the
// studio sends and how it reads the answers. Answers are read tolerantly: unknown extra fields are
// ignored and fields the spec marks as optional or "not shown" may be absent or null. Times are Unix
// seconds, as on the wire.
import "server-only";
import { z } from "zod";
import { VideoResponseError, type VideoService } from "@/lib/upstream/video/errors";
import { VIDEO_STATUSES, type VideoAspectRatio, type VideoTask, type VideoUpstreamStatus } from "@/lib/upstream/video/limits";

// ---------------------------------------------------------------- requests

/**
 * `/v1/videos/<id>` (spec 4.4, 4.5) with the id as exactly one path segment: encoded, and never "."
 * or "..", which would climb out of /v1/videos/ once the URL is normalised.
 */
export function jobPath(id: string, suffix: "" | "/content" = ""): string {
  if (!id || id === "." || id === "..") throw new RangeError(`"${id}" is not a usable video job id`);
  return `/v1/videos/${encodeURIComponent(id)}${suffix}`;
}

/** Spec 4.4.1 condition item. */
export type VideoCondition = { type: "image" | "video" | "audio"; uri: string; role: "keyframe" | "reference"; frame_index?: 0 | -1 };

/** Spec 4.4 POST /v1/videos body. The studio sends `seconds` only, never `target.duration_seconds`, so they cannot conflict. */
export type VideoSubmitBody = {
  model: string;
  prompt: string;
  task: VideoTask;
  seconds: number;
  target: { short_edge: number; aspect_ratio: VideoAspectRatio };
  conditions?: VideoCondition[];
  num_inference_steps?: number;
  flow_shift?: number;
  audio_flow_shift?: number;
  seed?: number;
  /** Stored by the agent, never used for generation nor for duplicate prevention (spec 4.4). */
  x_metadata?: unknown;
};

/**
 * The body as sent: declared fields only, since the agent may refuse an undeclared one with
 * `invalid_json` (spec 4.4), whatever extra keys the object handed in carries.
 */
export function submitWireBody(body: VideoSubmitBody): string {
  const optional = <K extends keyof VideoSubmitBody>(key: K) => (body[key] === undefined ? {} : { [key]: body[key] });
  return JSON.stringify({
    model: body.model,
    prompt: body.prompt,
    task: body.task,
    seconds: body.seconds,
    target: { short_edge: body.target.short_edge, aspect_ratio: body.target.aspect_ratio },
    ...(body.conditions && {
      conditions: body.conditions.map((condition) => ({
        type: condition.type,
        uri: condition.uri,
        role: condition.role,
        ...(condition.frame_index !== undefined && { frame_index: condition.frame_index }),
      })),
    }),
    ...optional("num_inference_steps"),
    ...optional("flow_shift"),
    ...optional("audio_flow_shift"),
    ...optional("seed"),
    ...optional("x_metadata"),
  });
}

// ---------------------------------------------------------------- answers

export type VideoNotice = { code: string; message: string };

/** Spec 2.5 video job; a field the answer left out is null (`echo` is absent from list views). */
export type VideoJobRecord = {
  id: string;
  task: string;
  status: VideoUpstreamStatus;
  created_at: number | null;
  started_at: number | null;
  completed_at: number | null;
  expires_at: number | null;
  queue_position: number | null;
  content_url: string | null;
  resolution: string | null;
  error: VideoNotice | null;
  warnings: VideoNotice[];
  echo: Record<string, unknown> | null;
};

/** Spec 2.6; `accepted` only on the answer to a switch. */
export type PartitionReport = { current: string; ready: boolean; state: "ready" | "switching" | "conflicted" | "error"; allowed: string[]; accepted?: boolean };

/** Spec 2.7; `raw` keeps the whole body for the admin page. */
export type HealthReport = {
  status: string;
  dependencies: Record<string, string>;
  queue: { queued: number | null; limit: number | null };
  partition: string | null;
  raw: unknown;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const orNull = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? null);

/** Ids go into paths (see `jobPath`): an answer naming an id no path can hold is unreadable. */
const jobId = z
  .string()
  .min(1)
  .refine((id) => id !== "." && id !== "..", "must be usable as a path segment");

/** `{code, message}`, with a bare string read as the message. */
function notice(value: unknown, defaultCode: string): VideoNotice | null {
  if (typeof value === "string") return { code: defaultCode, message: value };
  if (!isRecord(value)) return null;
  const code = typeof value.code === "string" && value.code ? value.code : defaultCode;
  return { code, message: typeof value.message === "string" ? value.message : "" };
}

/** Spec 2.5 "array of non-fatal warnings"; their form is not shown: plain strings become `{code: "warning", message}`. */
function warningsFrom(value: unknown): VideoNotice[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => notice(item, "warning")).filter((item) => item !== null);
}

const jobRecordShape = z.object({
  id: jobId,
  task: z.string(),
  status: z.enum(VIDEO_STATUSES),
  created_at: orNull(z.number()),
  started_at: orNull(z.number()),
  completed_at: orNull(z.number()),
  expires_at: orNull(z.number()),
  queue_position: orNull(z.number().int()),
  content_url: orNull(z.string()),
  resolution: orNull(z.string()),
  error: z.unknown().optional(),
  warnings: z.unknown().optional(),
  echo: z.unknown().optional(),
});

function jobRecord(fields: z.output<typeof jobRecordShape>): VideoJobRecord {
  return {
    ...fields,
    // Spec 7.3: a failed job reports its failure in `error.code`; one without a code is still a failure.
    error: notice(fields.error, "unknown_error"),
    warnings: warningsFrom(fields.warnings),
    echo: isRecord(fields.echo) ? fields.echo : null,
  };
}

const jobRecordSchema = jobRecordShape.transform(jobRecord);

/** GET /v1/videos/{id} and DELETE of a queued job. */
export const videoJobSchema: z.ZodType<VideoJobRecord> = jobRecordSchema;

/**
 * POST /v1/videos: only `id` is shown (spec 4.4). Accepted means queued (spec 3.1), so a missing
 * status reads as `queued` and a missing task as the one sent.
 */
export function submitAnswerSchema(sentTask: VideoTask): z.ZodType<VideoJobRecord> {
  return jobRecordShape
    .extend({ task: z.string().optional(), status: z.enum(VIDEO_STATUSES).optional() })
    .transform((fields) => jobRecord({ ...fields, task: fields.task ?? sentTask, status: fields.status ?? "queued" }));
}

/** GET /v1/videos: the array's name is not shown (spec 4.4), so `data`, `jobs` and `items` are accepted. */
export const videoListSchema = z
  .object({
    data: z.array(jobRecordSchema).optional(),
    jobs: z.array(jobRecordSchema).optional(),
    items: z.array(jobRecordSchema).optional(),
    has_more: orNull(z.boolean()),
    next_cursor: orNull(z.string()),
  })
  .refine((list) => list.data ?? list.jobs ?? list.items, "has no array of jobs (data, jobs or items)")
  .transform((list) => ({ jobs: list.data ?? list.jobs ?? list.items ?? [], hasMore: list.has_more ?? false, nextCursor: list.next_cursor }));

/** Spec 3.1 DELETE: a queued job answers its (canceled) record, a finished one `{id, deleted: true}`. */
export const videoDeleteSchema = z.union([
  z.object({ deleted: z.literal(true) }).transform(() => ({ deleted: true, record: null })),
  jobRecordSchema.transform((record) => ({ deleted: false, record })),
]);

export const partitionSchema: z.ZodType<PartitionReport> = z
  .object({
    // Spec 2.6: the empty string while conflicted.
    current: orNull(z.string()).transform((current) => current ?? ""),
    ready: z.boolean(),
    state: z.enum(["ready", "switching", "conflicted", "error"]),
    allowed: orNull(z.array(z.string())).transform((allowed) => allowed ?? []),
    accepted: z.boolean().optional(),
  })
  .transform(({ accepted, ...report }) => (accepted === undefined ? report : { ...report, accepted }));

const countOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

export const healthSchema: z.ZodType<HealthReport> = z
  // Loose, so that `raw` keeps whatever else the agent reports.
  .looseObject({
    status: z.string(),
    dependencies: z.unknown().optional(),
    queue: z.unknown().optional(),
    partition: orNull(z.string()),
  })
  .transform((body) => ({
    status: body.status,
    dependencies: isRecord(body.dependencies)
      ? Object.fromEntries(Object.entries(body.dependencies).filter((entry): entry is [string, string] => typeof entry[1] === "string"))
      : {},
    queue: isRecord(body.queue) ? { queued: countOrNull(body.queue.queued), limit: countOrNull(body.queue.limit) } : { queued: null, limit: null },
    partition: body.partition,
    raw: body,
  }));

/** Spec 4.5 job: only `id` (POST) and `status` (GET) are shown; `raw` keeps the rest. */
export type InferenceJob = { id: string; status: string; resolution: string | null; error: VideoNotice | null; raw: Record<string, unknown> };

/** A POST answer without a status reads as `queued` (accepted, not finished: spec 4.5). */
export function inferenceJobSchema(statusWhenAbsent?: string): z.ZodType<InferenceJob> {
  return z
    .looseObject({
      id: jobId,
      status: statusWhenAbsent === undefined ? z.string() : z.string().default(statusWhenAbsent),
      resolution: orNull(z.string()),
      error: z.unknown().optional(),
    })
    .transform((fields) => ({ id: fields.id, status: fields.status, resolution: fields.resolution, error: notice(fields.error, "unknown_error"), raw: fields }));
}

// ---------------------------------------------------------------- reading an answer

/** Reads a 2xx JSON answer against its schema; a body that is not JSON or not of that shape is a VideoResponseError. */
export async function readAnswer<T>(response: Response, schema: z.ZodType<T>, service: VideoService): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new VideoResponseError(service, response.status, `not JSON: ${text.slice(0, 200)}`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new VideoResponseError(service, response.status, z.prettifyError(parsed.error).replace(/\s+/g, " "));
  return parsed.data;
}
