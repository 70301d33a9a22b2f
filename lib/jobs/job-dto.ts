// A job as the browser sees it: the one shape of the jobs list, of one job, and of every
// event on the jobs stream. Browser-safe: no owner ids, dates as ISO strings.

export const JOB_KINDS = ["alpha_v3", "alpha_v35_turn", "beta", "video"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const ACTIVE_JOB_STATES = ["queued", "waiting", "generating", "storing"] as const;
export const FINISHED_JOB_STATES = ["succeeded", "failed", "cancelled", "interrupted"] as const;
export type ActiveJobState = (typeof ACTIVE_JOB_STATES)[number];
export type FinishedJobState = (typeof FINISHED_JOB_STATES)[number];
export type JobState = ActiveJobState | FinishedJobState;

export const JOB_KIND_LABELS: Record<JobKind, string> = { alpha_v3: "Alpha v3", alpha_v35_turn: "Chat editor", beta: "Beta", video: "Video" };

export const JOB_STATE_LABELS: Record<JobState, string> = {
  queued: "Starting",
  waiting: "Waiting in line",
  generating: "Generating",
  storing: "Saving",
  succeeded: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
  interrupted: "Interrupted by a restart",
};

/** Said instead of "Starting" while a job waits for one of its owner's running places. */
export const WAITING_FOR_PLACE_LABEL = "Waiting for one of yours to finish";

/**
 * Said instead of its state while a job that has not ended is held by something other than its place
 * in line (a service unreachable, a video service's queue full): its reason (`error`) says why and
 * until when, and that the job goes on by itself.
 */
export const ON_HOLD_LABEL = "On hold";

export function isActiveJobState(state: JobState): state is ActiveJobState {
  return (ACTIVE_JOB_STATES as readonly string[]).includes(state);
}

export type JobDto = {
  id: string;
  kind: JobKind;
  state: JobState;
  /** Place in the studio's line for the model (1 = next), while `waiting`. */
  queuePosition: number | null;
  /** Made, but waiting for one of its owner's running places (USER_MAX_RUNNING_GENERATIONS) to free. */
  waitingForPlace: boolean;
  /** Shared by the jobs of one click's variations, so views show them as one set. */
  variationSetId: string | null;
  /** The v3.5 stream's round (spec 2.2), while `generating` a chat turn. */
  round: number | null;
  /** The prompt or message, shortened, for lists. */
  label: string;
  /** Where the result is shown: the Alpha v3 or Beta page, the conversation with the turn selected, or the video's page. */
  href: string;
  generationId: string | null;
  conversationId: string | null;
  turnId: string | null;
  /** The video job (lib/videos) a `video` job tracks. */
  videoId: string | null;
  /** Why it failed, was cancelled or interrupted, or, while it runs, why it is held (a service unreachable or its queue full): a code of `components/errors/error-copy.ts`, a sentence, the id to quote. */
  error: { code: string; message: string; requestId: string | null } | null;
  /** Whether "Run again" may start a new job with the same settings and seed. */
  canRunAgain: boolean;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

/** GET /api/jobs: the user's running jobs and the latest finished ones, and the stream position they reflect. */
export type JobListDto = { jobs: JobDto[]; cursor: string };

/** The SSE event name on /api/jobs/events; each event's `id` is the stream position, its data a JobDto. */
export const JOB_EVENT_NAME = "job";
