import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { z } from "zod";
import { db } from "@/lib/db/client";
import type { GenerationKind } from "@/lib/generated/prisma/client";
import { toGenerationDto } from "./generation-dto";

const PAGE = 24;

/** `?cursor=` of a history page: the id of the last generation seen. */
export const generationHistoryQuerySchema = z.object({
  cursor: z.uuid("cursor must be a generation id").optional(),
});

/** The user's generations of one kind, newest first, a page at a time (the history strips). */
export async function listGenerations(user: CurrentUser, kind: GenerationKind, options: { cursor?: string } = {}) {
  const rows = await db.generation.findMany({
    where: { ownerId: user.id, kind },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PAGE + 1,
    ...(options.cursor ? { cursor: { id: options.cursor }, skip: 1 } : {}),
    include: { assets: { orderBy: { position: "asc" } } },
  });
  return { items: rows.slice(0, PAGE).map(toGenerationDto), nextCursor: rows.length > PAGE ? rows[PAGE - 1].id : null };
}
