import { CopyButton } from "@/components/ui/copy-button";
import { LocalTime } from "@/components/ui/local-time";
import { VIDEO_DEFAULTS, VIDEO_RETENTION_DAYS } from "@/lib/upstream/video/limits";
import type { VideoJobDto } from "@/lib/videos/video-dto";
import { VIDEO_TASK_LABELS } from "@/lib/videos/video-rules";
import { deliveredSizeLabel, echoRows, requestedSizeLabel } from "./video-job-view";
import { FactRow, FactSection } from "@/components/ui/fact-list";


/** The settings a job was submitted with (its stored params), what came back, and the seed the service used. */
export function VideoSettingsFacts({ job }: { job: VideoJobDto }) {
  const { params } = job;
  return (
    <FactSection title="Settings">
      <FactRow label="Task">{VIDEO_TASK_LABELS[job.task]}</FactRow>
      <FactRow label="Duration">{params.durationSeconds} s</FactRow>
      <FactRow label="Requested">{requestedSizeLabel(params)}</FactRow>
      <FactRow label="Delivered" testId="video-detail-resolution">
        {deliveredSizeLabel(job.resolution) ?? "—"}
      </FactRow>
      <FactRow label="720p delivery">{params.delivery720p ? (job.delivery720p ? `Done (${job.delivery720p.width}×${job.delivery720p.height} copy)` : "Asked for") : "Off"}</FactRow>
      <FactRow label="Inference steps">{params.advanced.steps ?? VIDEO_DEFAULTS.steps}</FactRow>
      <FactRow label="Flow shift">{params.advanced.flowShift ?? VIDEO_DEFAULTS.flowShift}</FactRow>
      <FactRow label="Audio flow shift">{params.advanced.audioFlowShift ?? VIDEO_DEFAULTS.audioFlowShift}</FactRow>
      <FactRow label="Seed" testId="video-detail-seed">
        {job.seed !== null ? (
          <span className="inline-flex items-center gap-1">
            <span className="font-mono">{job.seed}</span>
            <CopyButton value={String(job.seed)} label="Copy seed" />
          </span>
        ) : params.advanced.seed !== undefined ? (
          <span className="font-mono">{params.advanced.seed}</span>
        ) : (
          "Random (known once the service accepts it)"
        )}
      </FactRow>
    </FactSection>
  );
}

/** When the job was made, sent, started, finished and archived, and how long the service keeps it (spec 2.5 `expires_at`, 8). */
export function VideoTimesFacts({ job }: { job: VideoJobDto }) {
  const times: [string, string | null][] = [
    ["Created", job.createdAt],
    ["Submitted", job.submittedAt],
    ["Started", job.startedAt],
    ["Completed", job.completedAt],
    ["Archived", job.archivedAt],
    ["Kept upstream until", job.expiresAt],
  ];
  return (
    <FactSection title="Times">
      {times.map(([label, iso]) => (
        <FactRow key={label} label={label}>
          {iso ? <LocalTime iso={iso} format="dateTimeSeconds" /> : "—"}
        </FactRow>
      ))}
      <FactRow label="Studio id">
        <span className="font-mono text-xs">{job.id}</span>
      </FactRow>
      <FactRow label="Service id">{job.upstreamId ? <span className="font-mono text-xs">{job.upstreamId}</span> : "—"}</FactRow>
      <div className="py-1.5">
        <dt className="sr-only">Retention</dt>
        <dd className="text-xs text-muted">
          The video service keeps a job and its result for {VIDEO_RETENTION_DAYS} days; the studio’s archived copy stays until you remove it.
        </dd>
      </div>
    </FactSection>
  );
}

/** The applied arguments (spec 2.5 `echo`, defaults filled in), folded away: for tracing, not for everyday reading. */
export function VideoEchoFacts({ echo }: { echo: VideoJobDto["echo"] }) {
  const rows = echoRows(echo);
  return (
    <details className="group rounded-lg border border-zinc-200 dark:border-zinc-800" data-testid="video-detail-echo">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-[13px] font-medium text-zinc-700 dark:text-zinc-300">
        <svg viewBox="0 0 20 20" className="size-4 text-muted transition-transform group-open:rotate-90" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden>
          <path d="M7.5 4.5 13 10l-5.5 5.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Applied arguments
        <span className="ml-auto text-xs font-normal text-muted">{rows.length ? `${rows.length} values` : "not yet known"}</span>
      </summary>
      {rows.length ? (
        <table className="w-full border-t border-zinc-200 text-left text-xs dark:border-zinc-800">
          <tbody>
            {rows.map(([key, value]) => (
              <tr key={key} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/70">
                <th scope="row" className="w-2/5 px-3 py-1.5 align-top font-mono font-normal text-muted">
                  {key}
                </th>
                <td className="px-3 py-1.5 font-mono break-all text-zinc-800 dark:text-zinc-200">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="border-t border-zinc-200 px-3 py-2 text-xs text-muted dark:border-zinc-800">The service reports them once it has accepted the job.</p>
      )}
    </details>
  );
}
