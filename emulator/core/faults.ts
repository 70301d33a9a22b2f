import type { Context, MiddlewareHandler } from "hono";
import type { HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";

export type Fault =
  | { kind: "429"; retryAfter?: number }
  | { kind: "500" }
  | { kind: "slow"; ms: number }
  | { kind: "drop" }
  /** The answer's headers promise the whole body, half of it arrives, then the connection closes. */
  | { kind: "cut-body" }
  /** The request is carried out, then the connection closes before any answer is sent. */
  | { kind: "lose-answer" };

/** One random fault kind applied to a share of the requests under a path prefix. */
export interface RateSetting {
  rate: number;
  fault: Fault;
  pathPrefix?: string;
}

/**
 * What the control endpoint accepts: a random rate of one fault kind, a mix of rates (one draw per
 * request, so the shares add up: 0.2 of 429 and 0.1 of 500 fault 30 % of requests), or a scripted
 * FIFO sequence.
 */
export type FaultSetting = RateSetting | { rates: RateSetting[] } | { sequence: Fault[]; pathPrefix?: string };

interface RateRule {
  rate: number;
  fault: Fault;
  pathPrefix: string;
}

const DEFAULT_RETRY_AFTER_SECONDS = 1;

function rateRules(settings: RateSetting[]): RateRule[] {
  const rules = settings.map(({ rate, fault, pathPrefix }) => {
    if (rate < 0 || rate > 1) throw new RangeError("rate must be within [0, 1]");
    return { rate, fault, pathPrefix: pathPrefix ?? "/" };
  });
  if (rules.reduce((sum, rule) => sum + rule.rate, 0) > 1) throw new RangeError("rates must add up to at most 1");
  return rules;
}

/** Faults to inject into the next requests of one port; control requests are never affected. */
export class FaultPlan {
  private rates: RateRule[] = [];
  private sequence: Fault[] = [];
  private sequencePrefix = "/";

  constructor(private readonly random: () => number = Math.random) {}

  set(setting: FaultSetting): void {
    if ("sequence" in setting) {
      this.sequence = [...setting.sequence];
      this.sequencePrefix = setting.pathPrefix ?? "/";
    } else {
      this.rates = rateRules("rates" in setting ? setting.rates : [setting]);
    }
  }

  clear(): void {
    this.rates = [];
    this.sequence = [];
    this.sequencePrefix = "/";
  }

  /** The fault for a request to `path`, consuming it from the sequence; scripted faults win over the rates. */
  next(path: string): Fault | undefined {
    if (this.sequence.length > 0 && path.startsWith(this.sequencePrefix)) return this.sequence.shift();
    const matching = this.rates.filter((rule) => path.startsWith(rule.pathPrefix));
    if (matching.length === 0) return undefined;
    const draw = this.random();
    let share = 0;
    for (const rule of matching) {
      share += rule.rate;
      if (draw < share) return rule.fault;
    }
    return undefined;
  }

  describe(): { rates: RateRule[]; sequence: Fault[]; sequencePathPrefix: string } {
    return { rates: [...this.rates], sequence: [...this.sequence], sequencePathPrefix: this.sequencePrefix };
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
      case "cut-body":
        await next();
        await sendHalfThenClose(c);
        return;
      case "lose-answer":
        // Spec 4.4: POST /v1/videos is not idempotent. The job exists upstream, yet the client
        // never learns its id; a client that simply retries creates a second job.
        await next();
        (c.env as HttpBindings).incoming.socket.destroy();
        return;
    }
  };
}

/**
 * Spec 1 and 4.1: result URLs are downloaded by the client; a download cut off mid-body must be
 * seen as incomplete (Content-Length states the full size), never stored as a whole image.
 */
async function sendHalfThenClose(c: Context): Promise<void> {
  const body = new Uint8Array(await c.res.arrayBuffer());
  const headers = Object.fromEntries(c.res.headers);
  const outgoing = (c.env as HttpBindings).outgoing;
  outgoing.writeHead(c.res.status, { ...headers, "content-length": String(body.length) });
  outgoing.write(body.subarray(0, Math.floor(body.length / 2)), () => outgoing.destroy());
  c.res = undefined;
  c.res = RESPONSE_ALREADY_SENT;
}
