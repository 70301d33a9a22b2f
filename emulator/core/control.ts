import { Hono } from "hono";
import { z } from "zod";
import type { Clock } from "./clock";
import type { EmulatorConfig } from "./config";
import type { FaultPlan, FaultSetting } from "./faults";
import { PORT_NAMES, type PortName, type PortSwitch } from "./port-switch";
import type { RequestLog } from "./request-log";

export interface ControlOptions {
  getConfig: () => EmulatorConfig;
  /** Deep-merges a partial configuration and returns the result; throws on invalid values. */
  patchConfig: (patch: unknown) => EmulatorConfig;
  /** Resets service state, faults and request logs. */
  reset: () => void | Promise<void>;
  faults: FaultPlan;
  requestLog: RequestLog;
  /** The emulator's one clock, shared by all ports. */
  clock: Clock;
  /** The port these routes are served on, which they cannot stop (nothing could start it again). */
  self: PortName;
  ports: PortSwitch;
}

const faultSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("429"), retryAfter: z.number().int().min(0).optional() }),
  z.object({ kind: z.literal("500") }),
  z.object({ kind: z.literal("slow"), ms: z.number().int().min(0) }),
  z.object({ kind: z.literal("drop") }),
  z.object({ kind: z.literal("cut-body") }),
  z.object({ kind: z.literal("lose-answer") }),
]);

const pathPrefixSchema = z.string().startsWith("/").optional();
const rateSchema = z.object({ rate: z.number().min(0).max(1), fault: faultSchema, pathPrefix: pathPrefixSchema }).strict();

const faultSettingSchema = z.union([
  z.object({ sequence: z.array(faultSchema), pathPrefix: pathPrefixSchema }).strict(),
  rateSchema,
  z.object({ rates: z.array(rateSchema) }).strict(),
]);

async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  return text.trim() === "" ? {} : JSON.parse(text);
}

/**
 * Test-only control endpoints under /__emulator. They need no auth (the emulator is local-only)
 * and are never part of the upstream contract.
 */
export function controlRoutes(opts: ControlOptions): Hono {
  const app = new Hono().basePath("/__emulator");

  app.onError((error, c) => c.json({ error: { code: "invalid_control_request", message: error.message } }, 400));

  app.get("/config", (c) => c.json(opts.getConfig()));
  app.patch("/config", async (c) => c.json(opts.patchConfig(await jsonBody(c.req.raw))));

  app.post("/reset", async (c) => {
    await opts.reset();
    return c.json({ reset: true });
  });

  app.get("/faults", (c) => c.json(opts.faults.describe()));
  app.post("/faults", async (c) => {
    const parsed = faultSettingSchema.safeParse(await jsonBody(c.req.raw));
    if (!parsed.success) {
      return c.json({ error: { code: "invalid_fault", message: z.prettifyError(parsed.error) } }, 400);
    }
    opts.faults.set(parsed.data as FaultSetting);
    return c.json(opts.faults.describe());
  });
  app.delete("/faults", (c) => {
    opts.faults.clear();
    return c.json(opts.faults.describe());
  });

  app.get("/requests", (c) => c.json({ requests: opts.requestLog.list() }));
  app.delete("/requests", (c) => {
    opts.requestLog.clear();
    return c.json({ requests: [] });
  });

  // Any port moves the same clock: image URL expiry and video job times alike.
  app.post("/clock", async (c) => {
    const { advanceSeconds } = (await jsonBody(c.req.raw)) as { advanceSeconds?: unknown };
    if (typeof advanceSeconds !== "number" || !Number.isFinite(advanceSeconds)) {
      return c.json({ error: { code: "invalid_clock", message: "advanceSeconds must be a number" } }, 400);
    }
    opts.clock.advance(advanceSeconds * 1000);
    return c.json({ now: opts.clock.nowSeconds() });
  });

  // Each port can stop and start the others, so a stopped port is always started again through
  // one that stays up; stopping the port that carries the request is refused.
  app.get("/ports", (c) => c.json(opts.ports.states()));
  app.post("/ports/:name/:action{stop|start}", async (c) => {
    const name = PORT_NAMES.find((candidate) => candidate === c.req.param("name"));
    if (!name) {
      return c.json({ error: { code: "unknown_port", message: `name must be one of ${PORT_NAMES.join(", ")}` } }, 404);
    }
    if (c.req.param("action") === "start") {
      await opts.ports.start(name);
    } else if (name === opts.self) {
      return c.json({ error: { code: "cannot_stop_own_port", message: `send the stop of ${name} to another port, which can start it again` } }, 409);
    } else {
      await opts.ports.stop(name);
    }
    return c.json(opts.ports.states());
  });

  return app;
}
