import "server-only";
import { sendVideoStep } from "@/lib/jobs/job-sender";
import { dueUnheldVideoIds } from "./video-lease";

/**
 * Makes a step due now for every video job that is due and that no worker holds. Each step sends the
 * next, so this finds only what fell out of that chain: a row changed by hand, a send lost with its
 * worker, jobs left by a release that ran videos another way. A step already waiting is moved, never
 * doubled (lib/jobs/job-sender). Returns how many were sent.
 */
export async function sendDueVideoSteps(now = new Date()): Promise<number> {
  const ids = await dueUnheldVideoIds(now);
  for (const id of ids) await sendVideoStep(id, { startAfter: now });
  return ids.length;
}
