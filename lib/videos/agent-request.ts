import "server-only";
import { env } from "@/lib/env";
import type { VideoJob } from "@/lib/generated/prisma/client";
import { VIDEO_MODEL } from "@/lib/upstream/video/limits";
import type { VideoCondition, VideoSubmitBody } from "@/lib/upstream/video/wire";
import { signInputPath } from "./input-links";
import { preparedInputs } from "./keyframes";
import { storedParams } from "./stored-video-params";

/**
 * The address the agent fetches inputs from: STUDIO_PUBLIC_URL, else the address this server listens
 * on, which only an agent on the same machine can reach (which `uri` forms the agent takes is "not
 * shown", spec 4.4.1; the studio sends signed, expiring, unauthenticated http links: input-links.ts).
 */
export function inputBaseUrl(): string {
  const { STUDIO_PUBLIC_URL, HOST, PORT } = env();
  if (STUDIO_PUBLIC_URL) return STUDIO_PUBLIC_URL;
  const host = HOST === "0.0.0.0" || HOST === "::" ? "127.0.0.1" : HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${PORT}`;
}

/** Whether an agent at `agentUrl` can be expected to reach `inputBaseUrl()`: it is public, or both are on this machine. */
export function agentReachesInputs(agentUrl: string): boolean {
  if (env().STUDIO_PUBLIC_URL) return true;
  return ["127.0.0.1", "localhost", "[::1]"].includes(new URL(agentUrl).hostname);
}

/** The x_metadata the studio sends (spec 4.4: stored only): what reconciliation matches a job by. */
export const CORRELATION_KEY = "studio_correlation_id";

/**
 * The POST /v1/videos body (spec 4.4) of a recorded job: duration as `seconds` only (never
 * `target.duration_seconds`, so the two cannot conflict), advanced fields only when set (the agent
 * fills its defaults and echoes them), conditions per task (4.4.1) as signed links bound to the job.
 */
export function agentRequestBody(video: VideoJob): VideoSubmitBody {
  const params = storedParams(video);
  const base = inputBaseUrl();
  const conditions: VideoCondition[] = preparedInputs(video.preparation).map((input, index) => {
    const type = params.inputs[index]?.type ?? "image";
    const uri = new URL(signInputPath(input.assetId, video.id), base).toString();
    if (input.slot === "reference") return { type, uri, role: "reference" };
    return { type: "image", uri, role: "keyframe", frame_index: input.slot === "first" ? 0 : -1 };
  });
  const { steps, flowShift, audioFlowShift, seed } = params.advanced;
  return {
    model: VIDEO_MODEL,
    prompt: params.prompt,
    task: params.task,
    seconds: params.durationSeconds,
    target: { short_edge: params.shortEdge, aspect_ratio: params.aspectRatio },
    ...(conditions.length > 0 ? { conditions } : {}),
    ...(steps !== undefined ? { num_inference_steps: steps } : {}),
    ...(flowShift !== undefined ? { flow_shift: flowShift } : {}),
    ...(audioFlowShift !== undefined ? { audio_flow_shift: audioFlowShift } : {}),
    ...(seed !== undefined ? { seed } : {}),
    x_metadata: { [CORRELATION_KEY]: video.correlationId, studio_video_id: video.id },
  };
}
