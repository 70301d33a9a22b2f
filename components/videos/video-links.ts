import { VIDEO_TASKS, type VideoTask } from "@/lib/upstream/video/limits";
import { VIDEO_PHASES, type VideoPhase } from "@/lib/videos/video-dto";

// Addresses of the videos pages and the list's query. Pure.

/** "Duplicate" from anywhere (the detail page, a link): the videos page opens its form refilled from the job. */
export function duplicateHref(jobId: string, reuseSeed: boolean): string {
  return `/videos?duplicate=${encodeURIComponent(jobId)}${reuseSeed ? "&seed=1" : ""}`;
}

export type DuplicateRequest = { jobId: string; reuseSeed: boolean };

type SearchParams = Record<string, string | string[] | undefined>;

/** The duplicate asked for by the page's address, if any (one id; `seed=1` reuses the seed). */
export function duplicateRequestOf(searchParams: SearchParams): DuplicateRequest | null {
  const jobId = searchParams.duplicate;
  if (typeof jobId !== "string" || jobId === "") return null;
  return { jobId, reuseSeed: searchParams.seed === "1" };
}

export type VideoListFilters = { task: VideoTask | "all"; status: VideoPhase | "all" };

export const NO_FILTERS: VideoListFilters = { task: "all", status: "all" };

/** GET /api/videos for one page of the list: filters left out when "all", the cursor when paging on. */
export function videoListPath(filters: VideoListFilters, cursor: string | null): string {
  const query = new URLSearchParams();
  if (filters.task !== "all") query.set("task", filters.task);
  if (filters.status !== "all") query.set("status", filters.status);
  if (cursor) query.set("cursor", cursor);
  const text = query.toString();
  return text ? `/api/videos?${text}` : "/api/videos";
}

/** Whether a job belongs in a list shown with `filters` (a new job is put at the top of the lists it matches). */
export function matchesFilters(job: { task: VideoTask; phase: VideoPhase }, filters: VideoListFilters): boolean {
  return (filters.task === "all" || filters.task === job.task) && (filters.status === "all" || filters.status === job.phase);
}

export const TASK_FILTERS: readonly (VideoTask | "all")[] = ["all", ...VIDEO_TASKS];
export const STATUS_FILTERS: readonly (VideoPhase | "all")[] = ["all", ...VIDEO_PHASES];
