import { DELIVERY_REFRESH_MS } from "@/lib/assets/delivery-lifetime";
import { formatElapsed, tookLabel } from "@/lib/client/format-elapsed";
import { SUPPORTED_BASE_SIZES, VIDEO_SHORT_EDGE } from "@/lib/upstream/video/limits";
import { ACTIVE_VIDEO_PHASES, VIDEO_PHASE_LABELS, type VideoJobDto, type VideoPhase } from "@/lib/videos/video-dto";
import { shortEdgeFamily } from "@/lib/videos/video-rules";
import type { VideoFormValues } from "@/lib/videos/video-schemas";

// How a video job reads on the dashboard and its detail page. Pure.

export function isActivePhase(phase: VideoPhase): boolean {
  return (ACTIVE_VIDEO_PHASES as readonly VideoPhase[]).includes(phase);
}

/**
 * While a job is under way the list and a job are also read again this often: its steps, holds and
 * place in the agent's queue arrive at once through the jobs stream (components/jobs/jobs-provider),
 * and this read is the net under it. Once all have ended they are read again only for new delivery
 * URLs of their files, before the shown ones expire (the server polls upstream, pages read the studio).
 */
export const ACTIVE_REFRESH_MS = 5000;

export function refreshInterval(jobs: readonly Pick<VideoJobDto, "phase" | "video" | "inputs">[]): number | false {
  if (jobs.some((job) => isActivePhase(job.phase))) return ACTIVE_REFRESH_MS;
  return jobs.some((job) => job.video !== null || job.inputs.some((input) => input.asset !== null)) ? DELIVERY_REFRESH_MS : false;
}

export type PhaseTone = "neutral" | "accent" | "success" | "warning" | "danger";

const PHASE_TONES: Record<VideoPhase, PhaseTone> = {
  submitting: "accent",
  reconciling: "warning",
  queued: "accent",
  running: "accent",
  archiving: "accent",
  ready: "success",
  failed: "danger",
  canceled: "neutral",
  lost: "warning",
  gone: "warning",
};

/** The phase's badge: its label (with the place in line while queued, spec 2.5) and its tone. */
export function phaseBadge(job: Pick<VideoJobDto, "phase" | "queuePosition">): { label: string; tone: PhaseTone } {
  const label = VIDEO_PHASE_LABELS[job.phase];
  return { label: job.phase === "queued" && job.queuePosition !== null ? `${label} · #${job.queuePosition}` : label, tone: PHASE_TONES[job.phase] };
}

/** The stepped progress of a job on its normal path (spec 3.1: queued, running, completed; then archived by the studio). */
export const VIDEO_STAGES: { label: string; phases: readonly VideoPhase[] }[] = [
  { label: "Sent", phases: ["submitting", "reconciling"] },
  { label: "In line", phases: ["queued"] },
  { label: "Generating", phases: ["running"] },
  { label: "Saving", phases: ["archiving"] },
  { label: "Ready", phases: ["ready"] },
];

/** Index of the job's stage in VIDEO_STAGES; -1 once it left the normal path (failed, cancelled …). */
export function stageIndex(phase: VideoPhase): number {
  return VIDEO_STAGES.findIndex((stage) => stage.phases.includes(phase));
}

/** What is happening now, in a sentence, for an active job. */
export function activeDetail(job: Pick<VideoJobDto, "phase" | "queuePosition" | "params" | "hold">): string {
  switch (job.phase) {
    case "submitting":
      return job.hold ? "Not sent yet: the studio sends the job by itself when the service can take it." : "Sending the job to the video service.";
    case "reconciling":
      return "The service's answer was lost on the way; the studio is checking whether the job arrived before sending anything again.";
    case "queued":
      return job.queuePosition !== null ? `Waiting in the video service's queue, position ${job.queuePosition}.` : "Waiting in the video service's queue.";
    case "running":
      return job.params.shortEdge > VIDEO_SHORT_EDGE.native
        ? "Generating at 768, then post-processing to the larger size. This takes a few minutes; you can close the page."
        : "Generating. This takes a few minutes; you can close the page.";
    case "archiving":
      return job.params.delivery720p ? "Copying the result into the studio and converting it to 720p." : "Copying the result into the studio.";
    default:
      return "";
  }
}

/** The job's clock: time since it was submitted while under way ("7 s"), its total once ended ("took 4.2 s"; nothing when its end is unknown). */
export function jobClockText(job: Pick<VideoJobDto, "createdAt" | "finishedAt" | "phase">, now: number): string | null {
  if (isActivePhase(job.phase)) return formatElapsed(now - Date.parse(job.createdAt));
  return job.finishedAt ? tookLabel(job.createdAt, job.finishedAt) : null;
}

const FAMILY_LABELS = { native: "native", "1080p": "1080p family", "2K": "2K family", "4K": "4K family" } as const;

/** "768 (native) · 16:9" or "1080 → 1080p family · 16:9": what was asked for (spec 4.4 `target`). */
export function requestedSizeLabel(params: Pick<VideoFormValues, "shortEdge" | "aspectRatio">): string {
  const family = shortEdgeFamily(params.shortEdge);
  return family === "native" ? `${params.shortEdge} (native) · ${params.aspectRatio}` : `${params.shortEdge} → ${FAMILY_LABELS[family]} · ${params.aspectRatio}`;
}

/** "1920×1080" from the agent's "1920x1080" (spec 2.5 `resolution`). */
export function deliveredSizeLabel(resolution: string | null): string | null {
  return resolution ? resolution.replace(/\s*x\s*/i, "×") : null;
}

/** The poster's proportions while there is no poster yet: the requested ratio's base size. */
export function posterShape(params: Pick<VideoFormValues, "aspectRatio">): { width: number; height: number } {
  return SUPPORTED_BASE_SIZES[params.aspectRatio];
}

/** Every applied argument of `echo` (spec 2.5) as one row per leaf: `target.short_edge` → "1080". */
export function echoRows(echo: Record<string, unknown> | null): [string, string][] {
  if (!echo) return [];
  const rows: [string, string][] = [];
  const walk = (value: unknown, path: string) => {
    if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length > 0) {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    } else if (Array.isArray(value) && value.length > 0) {
      value.forEach((inner, index) => walk(inner, `${path}[${index}]`));
    } else {
      rows.push([path, typeof value === "string" ? value : JSON.stringify(value) ?? "—"]);
    }
  };
  walk(echo, "");
  return rows;
}
