import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { deleteItems } from "@/lib/gallery/delete-item";
import { isActiveJobState } from "@/lib/jobs/job-dto";
import type { z } from "zod";
import type { ComparisonDto } from "./comparison-dto";
import type { keepComparisonMemberSchema } from "./comparison-schemas";
import { galleryItemsOf, loadOwnedComparison, toComparisonDto } from "./get-comparison";

/**
 * "Keep this one": the picked member stays the comparison's gallery entry; the others' entries stay
 * too, or are deleted like any gallery entry (lib/gallery/delete-item: a v3.5 member's conversation is
 * soft-deleted). Only once every member has ended, so no entry of a discarded member appears later,
 * and only once per comparison.
 */
export async function keepComparisonMember(user: CurrentUser, id: string, { jobId, others }: z.infer<typeof keepComparisonMemberSchema>): Promise<ComparisonDto> {
  const comparison = await loadOwnedComparison(user, id);
  const picked = comparison.jobs.find((job) => job.id === jobId);
  if (!picked) throw new AppError("validation_failed", "jobId: not a member of this comparison", [{ field: "jobId", message: "not a member of this comparison" }]);
  if (comparison.jobs.some((job) => isActiveJobState(job.state))) throw new AppError("conflict", "Wait until every model has finished before picking one");
  if (picked.state !== "succeeded") throw new AppError("conflict", "Only a model that succeeded can be kept");
  const claimed = await db.comparison.updateMany({ where: { id, keptJobId: null }, data: { keptJobId: jobId } });
  if (claimed.count === 0) throw new AppError("conflict", "A model of this comparison has already been kept");
  if (others === "discard") {
    const discarded = comparison.jobs.filter((job) => job.id !== jobId).flatMap(galleryItemsOf);
    if (discarded.length) await deleteItems(user, discarded);
  }
  return toComparisonDto(await loadOwnedComparison(user, id));
}
