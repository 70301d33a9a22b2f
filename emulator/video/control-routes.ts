import { Hono } from "hono";
import { z } from "zod";
import type { AgentService } from "./agent-service";
import { PARTITION_MODES } from "./config";
import { VideoApiError } from "./errors";

const StageBody = z.strictObject({ stage: z.enum(["generation", "upscale"]).default("generation") });
const PartitionStateBody = z.strictObject({
  state: z.enum(["conflicted", "error", "ready"]),
  current: z.enum(PARTITION_MODES).optional(),
});

async function body<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  const text = await request.text();
  return schema.parse(text.trim() === "" ? {} : JSON.parse(text));
}

/**
 * Test-only controls of the agent under /__emulator/video (never part of the upstream contract).
 * The core's /__emulator routes (config, faults, reset, requests, clock) sit beside them.
 */
export function videoControlRoutes(service: AgentService): Hono {
  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof VideoApiError) return c.json({ error: { code: error.code, message: error.message } }, error.status);
    return c.json({ error: { code: "invalid_control_request", message: error.message } }, 400);
  });

  const state = () => ({
    paused: { generation: service.worker.isPaused, upscale: service.upscaler.isPaused },
    queue: { queued: service.queue.length, limit: service.queue.capacity },
    partition: service.partition.view(),
  });
  app.get("/state", (c) => c.json(state()));

  // Hold the generation worker (jobs stay queued) or the upscale step (jobs stay running).
  app.post("/pause", async (c) => {
    const { stage } = await body(c.req.raw, StageBody);
    if (stage === "generation") service.worker.pause();
    else service.upscaler.pause();
    return c.json(state());
  });
  app.post("/resume", async (c) => {
    const { stage } = await body(c.req.raw, StageBody);
    if (stage === "generation") service.worker.resume();
    else service.upscaler.resume();
    return c.json(state());
  });

  // Where a job's files live, so tests can see them appear and go (spec 3.1 "deleted", expiry).
  app.get("/jobs/:id", (c) => {
    const job = service.find(c.req.param("id"));
    return c.json({ id: job.id, directory: service.store.directory(job.id), result_file: job.result?.filePath ?? null });
  });
  app.post("/jobs/:id/expire", async (c) => {
    await service.expire(c.req.param("id"));
    return c.json({ id: c.req.param("id"), expired: true });
  });
  app.post("/jobs/:id/remove-result", async (c) => {
    await service.removeResult(c.req.param("id"));
    return c.json({ id: c.req.param("id"), result_removed: true });
  });

  app.post("/partition/state", async (c) => {
    const { state: forced, current } = await body(c.req.raw, PartitionStateBody);
    service.partition.force(forced, current);
    return c.json(service.partition.view());
  });
  return app;
}
