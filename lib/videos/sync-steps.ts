import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { dropAssets } from "@/lib/assets/drop-assets";
import { storeConvertedVideo, storeVideoResult } from "@/lib/assets/store-video";
import type { Prisma, VideoJob } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { settings } from "@/lib/settings";
import { videoAgentClient } from "@/lib/upstream/clients";
import { DELIVERY_720P_SIZES } from "@/lib/upstream/video/limits";
import { connectionFailureCode } from "@/lib/upstream/reachability/connection-failure";
import { probeTickMs } from "@/lib/upstream/reachability/probe-tick";
import { UNREACHABLE_WAIT_LIMIT_MS } from "@/lib/upstream/reachability/wait-limit";
import { isVideoApiError, provesNotCreated, VideoApiError } from "@/lib/upstream/video/errors";
import type { VideoJobRecord } from "@/lib/upstream/video/wire";
import { agentReachesInputs, agentRequestBody, inputBaseUrl } from "./agent-request";
import { recordFields } from "./apply-record";
import { findSubmittedJob } from "./reconcile";
import { saveVideo } from "./save-video";
import { backoffAfter, nextPollFor } from "./sync-schedule";
import { storedParams } from "./stored-video-params";
import { VIDEO_WORKER_ID } from "./video-lease";

// One step of a video job (a `videos.step` run) on one claimed job, chosen by where the job stands. Every
// step ends by saving the job with its next poll time and the lease released; a step that fails
// backs off and leaves the job where it was, so nothing is lost and nothing is sent twice.

const held = { leaseOwner: VIDEO_WORKER_ID };
/**
 * The largest result the studio archives: far above any clip the agent makes (a 15 s 4K H.264 clip is
 * a few hundred MB), so only a runaway download is cut off.
 */
const VIDEO_RESULT_MAX_BYTES = 4 * 1024 ** 3;
const release = { leaseOwner: null, leaseUntil: null };

export async function stepVideo(video: VideoJob, signal: AbortSignal): Promise<void> {
  try {
    if (video.status === "submitting") await (video.submitSentAt ? toReconciling(video) : send(video));
    else if (video.status === "reconciling") await reconcile(video);
    else if (video.status === "queued" || video.status === "running") await poll(video, signal);
    else if (video.status === "archiving") await archive(video, signal);
  } catch (error) {
    await backOff(video, error);
  }
}

/** A failed step: the job stays as it is and is looked at again later. */
async function backOff(video: VideoJob, error: unknown): Promise<void> {
  const failures = video.pollFailures + 1;
  log.warn({ err: error, videoJobId: video.id, status: video.status, failures }, "video sync step failed; backing off");
  await saveVideo(video, { pollFailures: failures, nextPollAt: backoffAfter(failures, error), ...release }, held);
}

/**
 * Sends the job. `submitSentAt` is written before the POST, so a crash during it leaves a job that
 * is reconciled, never sent again. Only answers that prove nothing was created are retried.
 */
async function send(video: VideoJob): Promise<void> {
  const sent = await saveVideo(video, { submitSentAt: new Date() }, { ...held, submitSentAt: null });
  if (!sent) return;
  let record: VideoJobRecord;
  try {
    record = await videoAgentClient().submit(agentRequestBody(sent));
  } catch (error) {
    const unreachable = connectionFailureCode(error);
    if (unreachable) {
      await heldWhileUnreachable(sent, unreachable);
      return;
    }
    if (!provesNotCreated(error)) {
      log.warn({ err: error, videoJobId: video.id }, "video submit outcome unknown; reconciling before any resend");
      await toReconciling(sent);
      return;
    }
    await refused(sent, error as VideoApiError);
    return;
  }
  await saveVideo(sent, { ...recordFields(record), submittedAt: new Date(), errorCode: null, errorMessage: null, pollFailures: 0, nextPollAt: nextPollFor(record.status === "queued" ? "queued" : "running"), ...release }, held);
}

/** The agent refused the POST: nothing exists upstream. A full queue or a 503 is tried again when it says; anything else ends the job. */
async function refused(video: VideoJob, error: VideoApiError): Promise<void> {
  if (error.status === 429 || error.status === 503) {
    const wait = error.retryAfterSeconds ?? 30;
    const message =
      error.code === "queue_full"
        ? `The video service's queue is full, so nothing was created; the studio sends the job again after the ${wait} s the service asked it to wait.`
        : `The video service is unavailable now (${error.code}), so nothing was created; the studio sends the job again after the ${wait} s the service asked it to wait.`;
    await saveVideo(video, { submitSentAt: null, errorCode: error.code, errorMessage: message, requestId: error.requestId, pollFailures: video.pollFailures + 1, nextPollAt: new Date(Date.now() + wait * 1000), ...release }, held);
    return;
  }
  await saveVideo(video, { status: "failed", errorCode: error.code, errorMessage: refusalMessage(error), errorParam: error.param, requestId: error.requestId, nextPollAt: null, ...release }, held);
}

/**
 * No connection to the agent was made, so no byte of the job was sent and nothing exists upstream:
 * the job is sent again once the agent is back (tried as often as the worker probes it), until the
 * wait limit from its creation has passed.
 */
async function heldWhileUnreachable(video: VideoJob, code: string): Promise<void> {
  const waitedMs = Date.now() - video.createdAt.getTime();
  if (waitedMs > UNREACHABLE_WAIT_LIMIT_MS) {
    const minutes = Math.round(UNREACHABLE_WAIT_LIMIT_MS / 60_000);
    const message = `The video agent stayed unreachable (${code}) for ${minutes} minutes, so the job was never sent. Use Duplicate to submit it again once the agent is back.`;
    await saveVideo(video, { status: "failed", submitSentAt: null, errorCode: "upstream_unreachable", errorMessage: message, nextPollAt: null, ...release }, held);
    return;
  }
  const message = `The video agent is unreachable (${code}); nothing was sent, and the studio sends the job when the agent is back.`;
  await saveVideo(video, { submitSentAt: null, errorCode: "upstream_unreachable", errorMessage: message, pollFailures: video.pollFailures + 1, nextPollAt: new Date(Date.now() + probeTickMs()), ...release }, held);
}

function refusalMessage(error: VideoApiError): string {
  const field = error.param ? ` (field ${error.param})` : "";
  return `The video service refused the job: ${error.code}${field}. ${error.upstreamMessage ?? ""}`.trim();
}

async function toReconciling(video: VideoJob): Promise<void> {
  const sentAt = video.submitSentAt?.getTime() ?? Date.now();
  await saveVideo(video, { status: "reconciling", nextPollAt: new Date(sentAt + settings().VIDEO_RECONCILE_AFTER_MS), ...release }, held);
}

/** Looks for the job in the agent's list (by the correlation id sent in x_metadata) before anyone may send it again. */
async function reconcile(video: VideoJob): Promise<void> {
  const record = await findSubmittedJob(video);
  if (record) {
    log.info({ videoJobId: video.id, upstreamId: record.id }, "video submit reconciled: the agent had received it");
    await saveVideo(video, { ...recordFields(record), submittedAt: video.submitSentAt, pollFailures: 0, nextPollAt: new Date(), ...release }, held);
    return;
  }
  await saveVideo(
    video,
    {
      status: "lost",
      errorCode: "not_received",
      errorMessage: "The video service never received this job (the connection failed before it arrived), so nothing was created. Use Duplicate to submit it again.",
      nextPollAt: null,
      ...release,
    },
    held,
  );
}

/** Reads the job's record (spec 2.5) and keeps what changed; a completed job is archived at once. */
async function poll(video: VideoJob, signal: AbortSignal): Promise<void> {
  let record: VideoJobRecord;
  try {
    record = await videoAgentClient().get(video.upstreamId!, { signal });
  } catch (error) {
    if (isVideoApiError(error) && error.status === 404) return markGone(video);
    throw error;
  }
  const fields = recordFields(record);
  const failedFields = record.status === "failed" ? explainFailure(video, fields) : {};
  const next = record.status === "queued" || record.status === "running" ? nextPollFor(record.status) : record.status === "completed" ? new Date() : null;
  const saved = await saveVideo(video, { ...fields, ...failedFields, lastPolledAt: new Date(), pollFailures: 0, nextPollAt: next, ...(record.status === "completed" ? {} : release) }, held);
  // Archived at once as a step of its own, so that a failed download backs off from the row as it now
  // stands (archiving, under this worker's lease) instead of from the polled one, which no longer matches.
  if (saved?.status === "archiving") await stepVideo(saved, signal);
}

/**
 * A failed fetch of an input is explained: the agent reads inputs from the studio's
 * address, which must be reachable from it. Branches on the code only (spec 7.3).
 */
function explainFailure(video: VideoJob, fields: Prisma.VideoJobUncheckedUpdateManyInput): Prisma.VideoJobUncheckedUpdateManyInput {
  const hasInputs = storedParams(video).inputs.length > 0;
  const fetchProblem = fields.errorCode === "media_fetch_failed" || (fields.errorCode === "generation_failed" && hasInputs && !agentReachesInputs(settings().VIDEO_AGENT_URL ?? "http://127.0.0.1"));
  if (!fetchProblem) return {};
  const hint = ` The video service downloads input files from the studio at ${inputBaseUrl()}; if it cannot reach that address, set STUDIO_PUBLIC_URL to one it can.`;
  return { errorMessage: `${String(fields.errorMessage ?? "")}${hint}` };
}

async function markGone(video: VideoJob): Promise<void> {
  await saveVideo(
    video,
    {
      status: "gone",
      errorCode: "gone",
      errorMessage: "The video service no longer has this job (jobs and results are kept 7 days), and the studio had not archived it.",
      nextPollAt: null,
      ...release,
    },
    held,
  );
}

/**
 * Copies the MP4 into the studio's storage (streamed, following the 302 to the CDN for upscaled
 * results, spec 4.4) so it outlives the agent's 7-day retention (spec 8), then the 720p delivery copy
 * when asked for. Only then is the job ready.
 */
async function archive(video: VideoJob, signal: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await videoAgentClient().content(video.upstreamId!, { signal });
  } catch (error) {
    if (isVideoApiError(error) && error.status === 404) return markGone(video);
    throw error;
  }
  if (!response.body) throw new Error("the video service sent no content");
  const asset = await storeVideoResult({
    source: Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
    ownerId: video.ownerId,
    teamId: video.teamId,
    maxBytes: VIDEO_RESULT_MAX_BYTES,
    signal,
  });
  const delivery = storedParams(video).delivery720p ? await deliveryCopy(video, asset) : { warning: null, assetId: null };
  const warnings = [...(Array.isArray(video.warnings) ? (video.warnings as Prisma.InputJsonArray) : []), ...(delivery.warning ? [delivery.warning] : [])];
  const saved = await saveVideo(video, { status: "ready", assetId: asset.id, delivery720pId: delivery.assetId, warnings, archivedAt: new Date(), pollFailures: 0, nextPollAt: null, ...release }, held);
  // A job cancelled or deleted meanwhile keeps no orphan copy.
  if (!saved) await dropAssets([asset.id, ...(delivery.assetId ? [delivery.assetId] : [])]);
}

/** The 720p conversion (spec 8: generate at a supported size, convert afterwards); a failure leaves the original ready, with a warning. */
async function deliveryCopy(video: VideoJob, asset: Awaited<ReturnType<typeof storeVideoResult>>) {
  try {
    const converted = await storeConvertedVideo(asset, DELIVERY_720P_SIZES[storedParams(video).aspectRatio], { ownerId: video.ownerId, teamId: video.teamId });
    return { assetId: converted.id, warning: null };
  } catch (error) {
    log.error({ err: error, videoJobId: video.id }, "720p delivery conversion failed");
    return { assetId: null, warning: { code: "delivery_720p_failed", message: "The 720p copy could not be made; the original is archived and playable." } };
  }
}
