import { Hono } from "hono";
import { z } from "zod";
import type { AgentService } from "./agent-service";
import { PARTITION_MODES, type VideoSettings } from "./config";
import { cdnNotFound, handleVideoError } from "./errors";
import { parseShape, readJsonBody } from "./json-request";
import { parseListQuery } from "./list-query";
import { parseSubmitRequest } from "./submit-request";

const PartitionBody = z.strictObject({ partition: z.enum(PARTITION_MODES) });

/** The video agent's HTTP API (spec 4.4); fault injection, request log and /__emulator come from the core. */
export function agentApp(service: AgentService, settings: () => VideoSettings): Hono {
  const app = new Hono();
  app.onError(handleVideoError);

  app.post("/v1/videos", async (c) => {
    const { echo, warnings } = parseSubmitRequest(await readJsonBody(c.req.raw, settings().bodyLimitBytes));
    // Spec 4.4.1 speaks of a job "accepted with 200"; the body is the full job record (our choice).
    return c.json(service.resource(service.submit(echo, warnings), true), 200);
  });
  app.get("/v1/videos", (c) => c.json(service.list(parseListQuery(new URL(c.req.url).searchParams))));
  app.get("/v1/videos/:id", (c) => c.json(service.resource(service.find(c.req.param("id")), true)));
  app.get("/v1/videos/:id/content", (c) => service.content(c.req.raw, c.req.param("id")));
  app.delete("/v1/videos/:id", async (c) => c.json(await service.cancelOrDelete(c.req.param("id"))));

  app.get("/v1/partition", (c) => c.json(service.partition.view()));
  app.post("/v1/partition", async (c) => {
    const { partition } = parseShape(PartitionBody, await readJsonBody(c.req.raw, settings().bodyLimitBytes));
    const { status, body } = service.switchPartition(partition);
    return c.json(body, status);
  });

  app.get("/healthz", (c) => {
    const { status, body } = service.health();
    return c.json(body, status);
  });

  app.get("/cdn/:file", (c) => {
    const file = c.req.param("file");
    if (!file.endsWith(".mp4")) throw cdnNotFound();
    return service.cdn(c.req.raw, file.slice(0, -".mp4".length));
  });
  return app;
}
