import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import type { ComparisonSummaryDto } from "./comparison-dto";
import { modelOf } from "./get-comparison";

/** How many earlier comparisons the /compare page lists; older ones stay reachable by their address. */
export const RECENT_COMPARISONS = 12;

/** The user's own comparisons, newest first, with the models each compared. */
export async function listComparisons(user: CurrentUser, take = RECENT_COMPARISONS): Promise<ComparisonSummaryDto[]> {
  const comparisons = await db.comparison.findMany({
    where: { ownerId: user.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    include: { jobs: { orderBy: { createdAt: "asc" }, select: { kind: true, generation: { select: { model: true } } } } },
  });
  return comparisons.map((comparison) => ({
    id: comparison.id,
    prompt: comparison.prompt,
    createdAt: comparison.createdAt.toISOString(),
    models: comparison.jobs.map(modelOf),
    kept: comparison.keptJobId !== null,
  }));
}
