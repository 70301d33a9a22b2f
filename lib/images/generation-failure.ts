import "server-only";
import { db } from "@/lib/db/client";
import { storedFailure } from "@/lib/http/client-error";
import { CANCELLED } from "@/lib/jobs/job-failures";

/**
 * Ends a generation whose work failed: with the reason the designer sees, or as cancelled when its
 * owner stopped it (whatever error the abort surfaced as; the job runner records the same).
 */
export async function recordGenerationFailure(generationId: string, error: unknown, signal: AbortSignal, started: number): Promise<void> {
  await db.generation.update({
    where: { id: generationId },
    data: { status: "failed", ...(signal.aborted ? CANCELLED : storedFailure(error)), durationMs: Date.now() - started, completedAt: new Date() },
  });
}
