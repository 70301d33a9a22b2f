import type { VideoJob } from "./jobs";
import type { VideoEcho } from "./submit-request";

const unixSeconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

// Echoing multi-megabyte data: URLs on every GET would be wasteful: they are shortened (our choice).
function echoForResponse(echo: VideoEcho): VideoEcho {
  return {
    ...echo,
    conditions: echo.conditions.map((condition) => {
      if (!/^data:/i.test(condition.uri)) return condition;
      const comma = condition.uri.indexOf(",");
      return { ...condition, uri: `${condition.uri.slice(0, comma + 1)}<${condition.uri.length - comma - 1} characters omitted>` };
    }),
  };
}

/**
 * Spec 2.5 job record. `queue_position` only while queued, `content_url` and `resolution` only
 * when completed, `error` only when failed; lists leave out `echo`.
 */
export function jobResource(job: VideoJob, opts: { queuePosition: number | undefined; agentUrl: string; includeEcho: boolean }) {
  return {
    id: job.id,
    task: job.task,
    status: job.status,
    created_at: unixSeconds(job.createdAtMs),
    started_at: unixSeconds(job.startedAtMs),
    completed_at: unixSeconds(job.completedAtMs),
    expires_at: unixSeconds(job.expiresAtMs),
    ...(job.status === "queued" && opts.queuePosition !== undefined ? { queue_position: opts.queuePosition } : {}),
    ...(job.status === "completed" ? { content_url: `${opts.agentUrl}/v1/videos/${job.id}/content`, resolution: job.resolution } : {}),
    ...(job.status === "failed" && job.error ? { error: job.error } : {}),
    warnings: job.warnings,
    ...(opts.includeEcho ? { echo: echoForResponse(job.echo) } : {}),
  };
}
