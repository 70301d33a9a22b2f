// A diagnostic run straight on the video inference server (spec 4.5), bypassing the agent: when the
// agent misbehaves, the admin can see whether generation itself works. A base-resolution t2va job (no
// post-processing there), its status, and its MP4 streamed through the studio. Nothing is stored but
// the audit row of who ran it.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { videoInferenceClient } from "@/lib/upstream/clients";
import type { InferenceJob } from "@/lib/upstream/video/inference-client";
import { VIDEO_MODEL, VIDEO_SHORT_EDGE } from "@/lib/upstream/video/limits";
import type { InferenceJobDto } from "./admin-video-dto";
import type { InferenceRunValues } from "./admin-video-schemas";
import { videoServiceFailure, upstreamFailureDetails } from "./video-service-failure";

const SERVICE = "video inference server";
/** Spec 4.5 names `completed` and `failed`; `canceled` ends a job too where a server has it. */
const FINISHED_STATUSES = new Set(["completed", "failed", "canceled"]);
/** Enough of the prompt for the audit log to recognise the run. */
const AUDIT_PROMPT_CHARS = 200;
/** Headers of the MP4 answer worth passing on: size, ranges and validators. */
const PASSED_HEADERS = ["content-length", "content-range", "accept-ranges", "etag", "last-modified"];

export async function runInferenceJob(admin: CurrentUser, values: InferenceRunValues): Promise<InferenceJobDto> {
  const audit = (details: Record<string, string | number | null>) =>
    recordAudit(db, {
      actor: admin,
      action: "video.inference_run",
      target: typeof details.jobId === "string" ? details.jobId : undefined,
      details: { prompt: values.prompt.slice(0, AUDIT_PROMPT_CHARS), seconds: values.seconds, aspectRatio: values.aspectRatio, seed: values.seed ?? null, ...details },
    });
  let job: InferenceJob;
  try {
    job = await videoInferenceClient().submit({
      model: VIDEO_MODEL,
      prompt: values.prompt,
      seconds: values.seconds,
      task: "t2va",
      target: { short_edge: VIDEO_SHORT_EDGE.native, aspect_ratio: values.aspectRatio },
      num_outputs_per_prompt: 1,
      ...(values.seed !== undefined && { seed: values.seed }),
    });
  } catch (error) {
    await audit({ outcome: "failed", ...upstreamFailureDetails(error) });
    throw videoServiceFailure(error, SERVICE, "accept the diagnostic job");
  }
  await audit({ outcome: "accepted", jobId: job.id });
  return inferenceJobDto(job);
}

export async function readInferenceJob(id: string): Promise<InferenceJobDto> {
  try {
    return inferenceJobDto(await videoInferenceClient().get(id));
  } catch (error) {
    throw videoServiceFailure(error, SERVICE, `report job ${id}`);
  }
}

/** The job's MP4, streamed as it arrives (never held whole); the browser's cancel ends the download. */
export async function inferenceContent(id: string, signal: AbortSignal): Promise<Response> {
  let upstream: Response;
  try {
    upstream = await videoInferenceClient().content(id, { signal });
  } catch (error) {
    throw videoServiceFailure(error, SERVICE, `send the video of job ${id}`);
  }
  const headers = new Headers({ "Content-Type": "video/mp4", "Content-Disposition": `inline; filename="${id}.mp4"`, "Cache-Control": "private, no-store" });
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers });
}

function inferenceJobDto(job: InferenceJob): InferenceJobDto {
  return { id: job.id, status: job.status, finished: FINISHED_STATUSES.has(job.status), resolution: job.resolution, error: job.error, raw: job.raw };
}
