import type { Context, MiddlewareHandler } from "hono";
import type { HttpBindings } from "@hono/node-server";

export type Fault =
  | { kind: "429"; retryAfter?: number }
  | { kind: "500" }
  | { kind: "slow"; ms: number }
  | { kind: "drop" };

/** What the control endpoint accepts: a random rate of one fault kind, or a scripted FIFO sequence. */
export type FaultSetting =
  | { rate: number; fault: Fault; pathPrefix?: string }
  | { sequence: Fault[]; pathPrefix?: string };

interface RateRule {
  rate: number;
  fault: Fault;
  pathPrefix: string;
}

const DEFAULT_RETRY_AFTER_SECONDS = 1;

/** Faults to inject into the next requests of one port; control requests are never affected. */
export class FaultPlan {
  private rateRule: RateRule | undefined;
  private sequence: Fault[] = [];
  private sequencePrefix = "/";

  constructor(private readonly random: () => number = Math.random) {}

  set(setting: FaultSetting): void {
    const pathPrefix = setting.pathPrefix ?? "/";
    if ("sequence" in setting) {
      this.sequence = [...setting.sequence];
      this.sequencePrefix = pathPrefix;
    } else {
      if (setting.rate < 0 || setting.rate > 1) throw new RangeError("rate must be within [0, 1]");
      this.rateRule = { rate: setting.rate, fault: setting.fault, pathPrefix };
    }
  }

  clear(): void {
    this.rateRule = undefined;
    this.sequence = [];
    this.sequencePrefix = "/";
  }

  /** The fault for a request to `path`, consuming it from the sequence; scripted faults win over the rate. */
  next(path: string): Fault | undefined {
    if (this.sequence.length > 0 && path.startsWith(this.sequencePrefix)) return this.sequence.shift();
    const rule = this.rateRule;
    if (rule && path.startsWith(rule.pathPrefix) && this.random() < rule.rate) return rule.fault;
    return undefined;
  }

  describe(): { rate: RateRule | null; sequence: Fault[]; sequencePathPrefix: string } {
    return { rate: this.rateRule ?? null, sequence: [...this.sequence], sequencePathPrefix: this.sequencePrefix };
  }
}

const appliedFaults = new WeakMap<Request, Fault["kind"]>();

/** The fault kind injected into this request, if any (read by the request log). */
export function appliedFault(request: Request): Fault["kind"] | undefined {
  return appliedFaults.get(request);
}

/**
 * Applies the plan's next fault before the route handler runs. `errorBody` shapes the JSON of
 * injected 429/500 answers; it also receives the path so one port can serve two error formats.
 */
export function faultMiddleware(
  plan: FaultPlan,
  errorBody: (status: number, path: string) => unknown,
): MiddlewareHandler {
  return async (c: Context, next) => {
    if (c.req.path.startsWith("/__emulator")) return next();
    const fault = plan.next(c.req.path);
    if (!fault) return next();
    appliedFaults.set(c.req.raw, fault.kind);
    switch (fault.kind) {
      case "slow":
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        return next();
      case "429":
        c.header("Retry-After", String(fault.retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS));
        return c.json(errorBody(429, c.req.path) as object, 429);
      case "500":
        return c.json(errorBody(500, c.req.path) as object, 500);
      case "drop": {
        // A dropped connection: the client sees a socket error and no HTTP response at all.
        (c.env as HttpBindings).incoming.socket.destroy();
        return c.body(null, 500);
      }
    }
  };
}
