import "server-only";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { ReuseDto } from "./gallery-dto";
import { openItemForUser } from "./open-item";

/**
 * GET /api/gallery/items/[id]/reuse: the generator that made the entry and the form values it was
 * submitted with, so "Reuse settings" refills it. Anyone who may see the entry may reuse it.
 */
export async function reuseItem(user: CurrentUser, id: string): Promise<ReuseDto> {
  const item = await openItemForUser(user, id);
  if (item.conversationId) return { target: "chat", values: { conversationId: item.conversationId } };
  if (item.videoJobId) {
    const job = await db.videoJob.findUnique({ where: { id: item.videoJobId }, select: { params: true } });
    if (job) return { target: "video", values: job.params };
  }
  if (item.generationId) {
    const generation = await db.generation.findUnique({ where: { id: item.generationId }, select: { kind: true, params: true } });
    if (generation) return { target: generation.kind === "beta" ? "beta" : "alpha-v3", values: generation.params };
  }
  throw new AppError("not_found", "This entry has no stored settings to reuse");
}
