import "server-only";
import { randomUUID } from "node:crypto";
import os from "node:os";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { WORKER_BEAT_MS } from "@/lib/health/worker-beat";

export type WorkerPresence = { id: string; stop(): Promise<void> };

/**
 * Records this worker process as running and beats its row until `stop()`, which deletes it. A beat
 * that fails (the database restarting) is logged and the next one tries again.
 */
export async function announceWorker(): Promise<WorkerPresence> {
  const id = randomUUID();
  await db.workerPresence.create({ data: { id, host: os.hostname(), pid: process.pid } });
  const beat = setInterval(() => {
    db.workerPresence
      .upsert({ where: { id }, update: { seenAt: new Date() }, create: { id, host: os.hostname(), pid: process.pid } })
      .catch((error: unknown) => log.warn({ reason: (error as Error).message }, "worker presence beat failed"));
  }, WORKER_BEAT_MS);
  beat.unref();
  return {
    id,
    async stop() {
      clearInterval(beat);
      await db.workerPresence.deleteMany({ where: { id } });
    },
  };
}
