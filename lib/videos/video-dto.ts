// A video job as the browser sees it: the shape of the list, of one job, and of the answer
// to a submit. Browser-safe: no owner ids, no upstream URLs, dates as ISO strings.
import type { AssetDto } from "@/lib/assets/asset-dto";
import type { LineageEntryDto } from "@/lib/gallery/lineage-dto";
import type { PartitionMode, VideoTask } from "@/lib/upstream/video/limits";
import type { VideoFormInputFile, VideoFormValues } from "./video-schemas";

/**
 * Where a job stands in the studio:
 * - `submitting`: recorded, the POST not yet answered;
 * - `reconciling`: the POST's outcome is unknown (timeout, dropped connection); the studio is
 *   looking for it in the agent's list before anyone may send it again;
 * - `queued`, `running`: as upstream (spec 3.1);
 * - `archiving`: completed upstream, the MP4 being copied into the studio's storage;
 * - `ready`: archived and playable;
 * - `failed`, `canceled`: as upstream, or refused before it was created;
 * - `lost`: the agent never received it (reconciliation found nothing): it may be submitted again;
 * - `gone`: the agent no longer knows it (expired, spec 3.1) before the studio archived it.
 */
export const VIDEO_PHASES = ["submitting", "reconciling", "queued", "running", "archiving", "ready", "failed", "canceled", "lost", "gone"] as const;
export type VideoPhase = (typeof VIDEO_PHASES)[number];
export const ACTIVE_VIDEO_PHASES = ["submitting", "reconciling", "queued", "running", "archiving"] as const satisfies readonly VideoPhase[];

export const VIDEO_PHASE_LABELS: Record<VideoPhase, string> = {
  submitting: "Submitting",
  reconciling: "Checking submission",
  queued: "Queued",
  running: "Generating",
  archiving: "Saving",
  ready: "Ready",
  failed: "Failed",
  canceled: "Cancelled",
  lost: "Not received",
  gone: "Expired upstream",
};

export type VideoWarningDto = { code: string; message: string };

export type VideoInputDto = VideoFormInputFile & { asset: AssetDto | null };

export type VideoJobDto = {
  id: string;
  /** The agent's id, once known. */
  upstreamId: string | null;
  task: VideoTask;
  prompt: string;
  phase: VideoPhase;
  /** The form's values as submitted: "Duplicate" re-opens the form with them. */
  params: VideoFormValues;
  inputs: VideoInputDto[];
  /** Spec 2.5, while queued. */
  queuePosition: number | null;
  /** Spec 2.5 `echo` (applied arguments, defaults filled in), once the agent answered. */
  echo: Record<string, unknown> | null;
  /** `echo.seed`: the seed the agent used, reusable. */
  seed: number | null;
  warnings: VideoWarningDto[];
  /** What the studio did to the inputs before sending them, in words (e.g. a keyframe cropped to 1344×768, spec 8). */
  preparation: string[];
  /** Spec 2.5 `resolution` ("1920x1080"): the delivered size, which may differ from the requested short edge. */
  resolution: string | null;
  /** Why the job ended without a video (spec 7.3 code, the service's sentence, the field at fault, the id to quote). */
  error: { code: string; message: string; param: string | null; requestId: string | null } | null;
  /**
   * Why a job not sent yet waits (spec 7.3: the agent's queue is full or it is unavailable; or the
   * agent cannot be reached), and when the studio next tries to send it.
   */
  hold: { code: string; message: string; retryAt: string } | null;
  /** The archived MP4 (seekable; `downloadUrl` downloads), its poster frame as `thumbnailUrl`. */
  video: AssetDto | null;
  /** The 720p conversion of the archived MP4, when asked for and done. */
  delivery720p: AssetDto | null;
  /** Whether Cancel may be offered, and why not when it may not (spec 3.1: a running job cannot be cancelled). */
  canCancel: boolean;
  cancelBlockedReason: string | null;
  /** Whether the job has ended (it may be deleted). */
  finished: boolean;
  createdAt: string;
  /** When the job ended, whatever the outcome: the same moment the activity tray shows. */
  finishedAt: string | null;
  submittedAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  archivedAt: string | null;
  /** When the agent drops the job and its result (spec 2.5 `expires_at`, 8: 7 days). */
  expiresAt: string | null;
  /** When the owner deleted the job on the agent and kept the studio's archived copy. */
  upstreamDeletedAt: string | null;
  /** The gallery entries its inputs came from that the viewer may see; only GET /api/videos/[id] says (lists leave it out). */
  madeFrom?: LineageEntryDto[];
  /** Only on the job's own page: the entries made from the video (frames taken from it). */
  usedIn?: LineageEntryDto[];
};

/** GET /api/videos: newest first; `nextCursor` is passed back as `cursor` for the next page. */
export type VideoListDto = { items: VideoJobDto[]; nextCursor: string | null };

/** POST /api/videos: the job as recorded (202), and the activity tray's job. */
export type VideoSubmitAnswer = { video: VideoJobDto };

/** DELETE /api/videos/[id]?archive=keep|remove */
export type VideoDeleteAnswer = { deleted: true; archiveKept: boolean };

/** Spec 2.6 as the studio reports it, with the usability rule of spec 3.2 applied per task. */
export type PartitionDto = {
  current: string;
  ready: boolean;
  state: "ready" | "switching" | "conflicted" | "error";
  allowed: PartitionMode[];
  usable: Record<VideoTask, boolean>;
  checkedAt: string;
};
