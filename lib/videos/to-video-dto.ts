import "server-only";
import { toAssetDto } from "@/lib/assets/asset-dto";
import { withoutSignedLinks } from "@/lib/assets/signed-url";
import type { Asset, VideoJob } from "@/lib/generated/prisma/client";
import type { VideoTask } from "@/lib/upstream/video/limits";
import { preparedInputs } from "./keyframes";
import { isHeldBeforeSend } from "./send-hold";
import { ACTIVE_VIDEO_PHASES, type VideoJobDto, type VideoPhase, type VideoWarningDto } from "./video-dto";
import { storedParams } from "./stored-video-params";

export type VideoJobWithAssets = VideoJob & { asset: Asset | null; delivery720p: Asset | null; job: { createdAt: Date; finishedAt: Date | null } | null };

/** What the list and detail queries load with each video job. */
export const VIDEO_JOB_INCLUDE = { asset: true, delivery720p: true, job: { select: { createdAt: true, finishedAt: true } } } as const;

const CANCEL_BLOCKED: Partial<Record<VideoPhase, string>> = {
  reconciling: "The studio is still finding out whether the video service received this job; it can be cancelled once that is known.",
  running: "A video that is generating cannot be cancelled (the video service refuses it); it runs to its end, then it can be deleted.",
  archiving: "The video is finished and being saved to the studio.",
};

function warningsOf(value: unknown): VideoWarningDto[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((warning) => (warning && typeof warning === "object" && "message" in warning ? [{ code: String(warning.code ?? "warning"), message: String(warning.message) }] : []));
}

function seedOf(echo: unknown): number | null {
  const seed = echo && typeof echo === "object" ? (echo as Record<string, unknown>).seed : undefined;
  return typeof seed === "number" && Number.isFinite(seed) ? seed : null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

// What the agent says back (its echo of the request, warnings, an error) can carry the signed links
// the inputs were sent as; the browser gets the studio's own asset addresses instead, which open
// only for whoever the gallery lets see the input, so a teammate's view ends when a job is unshared.
export function toVideoJobDto(job: VideoJobWithAssets, inputAssets: ReadonlyMap<string, Asset>): VideoJobDto {
  const phase = job.status as VideoPhase;
  const params = storedParams(job);
  const active = (ACTIVE_VIDEO_PHASES as readonly string[]).includes(phase);
  const canCancel = phase === "queued" || (phase === "submitting" && job.submitSentAt === null);
  return {
    id: job.id,
    upstreamId: job.upstreamId,
    task: job.task as VideoTask,
    prompt: job.prompt,
    phase,
    params,
    inputs: params.inputs.map((input) => {
      const asset = inputAssets.get(input.assetId);
      return { ...input, asset: asset ? toAssetDto(asset) : null };
    }),
    queuePosition: phase === "queued" ? job.queuePosition : null,
    echo: job.echo && typeof job.echo === "object" && !Array.isArray(job.echo) ? withoutSignedLinks(job.echo as Record<string, unknown>) : null,
    seed: seedOf(job.echo),
    warnings: withoutSignedLinks(warningsOf(job.warnings)),
    preparation: preparedInputs(job.preparation).flatMap((input) => (input.note ? [input.note] : [])),
    resolution: job.resolution,
    error: !active && job.errorCode ? { code: job.errorCode, message: withoutSignedLinks(job.errorMessage ?? ""), param: job.errorParam, requestId: job.requestId } : null,
    hold: isHeldBeforeSend(job) ? { code: job.errorCode, message: job.errorMessage ?? "", retryAt: job.nextPollAt.toISOString() } : null,
    video: job.asset ? toAssetDto(job.asset) : null,
    delivery720p: job.delivery720p ? toAssetDto(job.delivery720p) : null,
    canCancel,
    cancelBlockedReason: canCancel ? null : (CANCEL_BLOCKED[phase] ?? null),
    finished: !active,
    // The job row starts and ends every kind of job, and the activity tray reads its times: the video's
    // own row is written a moment before it, which would make the two views' "took" differ. A video
    // without one (made before jobs had rows) started when it was recorded and ended when archived or completed.
    createdAt: (job.job?.createdAt ?? job.createdAt).toISOString(),
    finishedAt: active ? null : iso(job.job?.finishedAt ?? job.archivedAt ?? job.completedAt),
    submittedAt: iso(job.submittedAt),
    startedAt: iso(job.startedAt),
    completedAt: iso(job.completedAt),
    archivedAt: iso(job.archivedAt),
    expiresAt: iso(job.expiresAt),
    upstreamDeletedAt: iso(job.upstreamDeletedAt),
  };
}
