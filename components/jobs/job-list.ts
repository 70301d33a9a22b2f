// How the browser's copy of the jobs list changes. Pure: the stream's events and the
// POST answers are merged here, and the provider compares two copies to see what finished.
import { ACTIVE_JOB_STATES, isActiveJobState, type JobDto, type JobListDto, type JobState } from "@/lib/jobs/job-dto";
import { heldReason } from "./job-status";

const newestFirst = (a: JobDto, b: JobDto) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

/** How far a state is along queued → waiting → generating → storing → finished. */
function stageOf(state: JobState): number {
  return isActiveJobState(state) ? ACTIVE_JOB_STATES.indexOf(state) : ACTIVE_JOB_STATES.length;
}

/**
 * `list` with `job` in it, replacing the copy with its id. A job never goes back a stage: an answer
 * read earlier (the POST's 202, a refetch, a cancel's reply) may arrive after the stream's event that
 * moved it on. `position` is the stream position the event carried.
 */
export function mergeJob(list: JobListDto | undefined, job: JobDto, position?: string): JobListDto {
  const jobs = list?.jobs ?? [];
  const known = jobs.find((existing) => existing.id === job.id);
  const cursor = position || (list?.cursor ?? "");
  if (known && stageOf(known.state) > stageOf(job.state)) return { jobs, cursor };
  return { jobs: [job, ...jobs.filter((existing) => existing.id !== job.id)].sort(newestFirst), cursor };
}

/** Where each job stands: its state, its place in line, and why it is held if it is; a later copy of the list is compared with it. */
export type JobMarks = ReadonlyMap<string, { state: JobState; place: number | null; held: string | null }>;

export function marksOf(list: JobListDto): JobMarks {
  return new Map(list.jobs.map((job) => [job.id, { state: job.state, place: job.queuePosition, held: heldReason(job) }]));
}

/**
 * What happened between two copies of the list: jobs that appeared (started here or in another tab),
 * jobs that finished (were active, or unknown, and are finished now), and jobs that moved while
 * active: to another state (a video job sent, queued, generating, saving), to another place in line,
 * or held or let go (a video job the service's full queue holds back).
 */
export function jobChanges(before: JobMarks, after: JobListDto): { appeared: JobDto[]; finished: JobDto[]; moved: JobDto[] } {
  const appeared = after.jobs.filter((job) => !before.has(job.id));
  const finished = after.jobs.filter((job) => {
    const previous = before.get(job.id);
    return !isActiveJobState(job.state) && (previous === undefined || isActiveJobState(previous.state));
  });
  const moved = after.jobs.filter((job) => {
    const previous = before.get(job.id);
    return previous !== undefined && isActiveJobState(job.state) && (previous.state !== job.state || previous.place !== job.queuePosition || previous.held !== heldReason(job));
  });
  return { appeared, finished, moved };
}

/** The tray's order: running jobs first (oldest first, as they will finish), then finished ones, newest first. */
export function trayOrder(jobs: readonly JobDto[]): { running: JobDto[]; finished: JobDto[] } {
  const running = jobs.filter((job) => isActiveJobState(job.state)).sort((a, b) => newestFirst(b, a));
  const finished = jobs.filter((job) => !isActiveJobState(job.state)).sort(newestFirst);
  return { running, finished };
}

/**
 * "Variation 2 of 3" for each job of a variation set in `jobs` (the set's jobs in the order they
 * were asked for), so the tray tells a set's jobs apart and shows that they belong together.
 */
export function variationLabels(jobs: readonly JobDto[]): Map<string, string> {
  const sets = new Map<string, JobDto[]>();
  for (const job of jobs) if (job.variationSetId) sets.set(job.variationSetId, [...(sets.get(job.variationSetId) ?? []), job]);
  const labels = new Map<string, string>();
  for (const members of sets.values()) {
    if (members.length < 2) continue;
    const ordered = [...members].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    ordered.forEach((job, index) => labels.set(job.id, `Variation ${index + 1} of ${ordered.length}`));
  }
  return labels;
}
