import { expect, type APIRequestContext } from "@playwright/test";
import { isActiveJobState, type JobListDto } from "../lib/jobs/job-dto";

/**
 * Cancels the signed-in user's running jobs and waits until none runs. Jobs outlive the page that
 * started them, so without this one test's slow work would hold the next test's places
 * in the user's running limit.
 */
export async function settleJobs(request: APIRequestContext): Promise<void> {
  const running = async () => ((await (await request.get("/api/jobs")).json()) as JobListDto).jobs.filter((job) => isActiveJobState(job.state));
  for (const job of await running()) expect((await request.post(`/api/jobs/${job.id}/cancel`, { data: {} })).ok()).toBe(true);
  await expect.poll(async () => (await running()).length, { timeout: 20_000 }).toBe(0);
}
