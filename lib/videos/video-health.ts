// The health of the video services for the admin page: the agent's /healthz (spec 2.7, 4.4) and the
// inference server's /health (spec 4.5). A service that answers unhealthy is `degraded` (the agent's
// 503 is a report, not a crash); one that gives no usable answer is `unreachable`, with the reason.
import "server-only";
import { isAppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { videoAgentClient, videoInferenceClient } from "@/lib/upstream/clients";
import type { VideoService } from "@/lib/upstream/video/errors";
import type { HealthReport } from "@/lib/upstream/video/wire";
import type { AgentHealthDto, InferenceHealthDto, VideoHealthDto } from "./admin-video-dto";
import { videoServiceFailure } from "./video-service-failure";

/** Spec 2.7 names these three; the page lists them first, in this order. */
const NAMED_DEPENDENCIES = ["moderation", "database", "partition"];

export async function readVideoHealth(): Promise<VideoHealthDto> {
  const [agent, inference] = await Promise.all([agentHealth(), inferenceHealth()]);
  return { agent, inference, checkedAt: new Date().toISOString() };
}

async function agentHealth(): Promise<AgentHealthDto> {
  try {
    const { httpStatus, report } = await videoAgentClient().health();
    return agentHealthOf(httpStatus, report);
  } catch (error) {
    return { ...unreachable(error, "video agent"), status: null, dependencies: [], queue: { queued: null, limit: null }, partition: null };
  }
}

/** Healthy only with a 2xx, `status` "ok" and every dependency "ok" (spec 2.7); anything less is degraded. */
export function agentHealthOf(httpStatus: number, report: HealthReport): AgentHealthDto {
  const named = NAMED_DEPENDENCIES.filter((name) => name in report.dependencies);
  const others = Object.keys(report.dependencies).filter((name) => !NAMED_DEPENDENCIES.includes(name));
  const dependencies = [...named, ...others].map((name) => ({ name, status: report.dependencies[name] }));
  const healthy = httpStatus >= 200 && httpStatus < 300 && report.status === "ok" && dependencies.every((dependency) => dependency.status === "ok");
  return {
    state: healthy ? "ok" : "degraded",
    httpStatus,
    reason: healthy ? null : degradedReason(httpStatus, report.status, dependencies),
    status: report.status,
    dependencies,
    queue: report.queue,
    partition: report.partition,
  };
}

function degradedReason(httpStatus: number, status: string, dependencies: Array<{ name: string; status: string }>): string {
  const unwell = dependencies.filter((dependency) => dependency.status !== "ok").map((dependency) => `${dependency.name} is ${dependency.status}`);
  return `The agent answered HTTP ${httpStatus} with status “${status}”${unwell.length ? `: ${unwell.join(", ")}` : ""}.`;
}

async function inferenceHealth(): Promise<InferenceHealthDto> {
  try {
    const { httpStatus, body } = await videoInferenceClient().health();
    const status = typeof body === "object" && body !== null && "status" in body && typeof body.status === "string" ? body.status : null;
    // Spec 4.5 shows no fields of /health: its HTTP status tells readiness.
    const ready = httpStatus >= 200 && httpStatus < 300;
    return { state: ready ? "ok" : "degraded", httpStatus, reason: ready ? null : `The inference server answered HTTP ${httpStatus}.`, status, body };
  } catch (error) {
    return { ...unreachable(error, "video inference server"), status: null, body: null };
  }
}

function unreachable(error: unknown, service: VideoService) {
  const failure = videoServiceFailure(error, service, "report its health");
  if (isAppError(failure)) return { state: "unreachable" as const, httpStatus: null, reason: failure.message };
  log.error({ err: error, service }, "video health check failed");
  return { state: "unreachable" as const, httpStatus: null, reason: `The ${service} could not be checked: the studio's log has the details.` };
}
