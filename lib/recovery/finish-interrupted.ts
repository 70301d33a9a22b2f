import "server-only";
import { db } from "@/lib/db/client";

const INTERRUPTED = { status: "failed" as const, errorCode: "interrupted", errorMessage: "The studio restarted before this finished; try again" };

// A synchronous image request lives only as long as the server process that made it. At start,
// anything still pending was cut off by a crash or restart: it is closed as failed so that no
// generation or turn stays "in progress" for ever.
export async function finishInterruptedWork(startedBefore = new Date()) {
  const [generations, turns] = await Promise.all([
    db.generation.updateMany({ where: { status: "pending", createdAt: { lt: startedBefore } }, data: { ...INTERRUPTED, completedAt: new Date() } }),
    db.turn.updateMany({ where: { status: "pending", createdAt: { lt: startedBefore } }, data: { ...INTERRUPTED, completedAt: new Date() } }),
  ]);
  return { generations: generations.count, turns: turns.count };
}
