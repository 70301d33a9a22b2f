import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { FaultPlan, faultMiddleware } from "./faults";
import { listen, type Listening } from "./http-listener";
import { delay } from "./latency";

describe("FaultPlan", () => {
  it("plays a scripted sequence in order, only on its path prefix", () => {
    const plan = new FaultPlan();
    plan.set({ sequence: [{ kind: "500" }, { kind: "429", retryAfter: 3 }], pathPrefix: "/v1/wand" });
    expect(plan.next("/files/x.png")).toBeUndefined();
    expect(plan.next("/v1/wand/alpha-image/v3-generation")).toEqual({ kind: "500" });
    expect(plan.next("/v1/wand/beta-image/generation")).toEqual({ kind: "429", retryAfter: 3 });
    expect(plan.next("/v1/wand/beta-image/generation")).toBeUndefined();
  });

  it("applies a rate with the given random source; the sequence wins over the rate", () => {
    const draws = [0.1, 0.9];
    const plan = new FaultPlan(() => draws.shift() ?? 1);
    plan.set({ rate: 0.5, fault: { kind: "drop" } });
    plan.set({ sequence: [{ kind: "slow", ms: 5 }] });
    expect(plan.next("/a")).toEqual({ kind: "slow", ms: 5 });
    expect(plan.next("/a")).toEqual({ kind: "drop" });
    expect(plan.next("/a")).toBeUndefined();
    plan.clear();
    expect(plan.describe()).toEqual({ rates: [], sequence: [], sequencePathPrefix: "/" });
  });

  it("mixes rates with one draw per request, each rule on its own path prefix", () => {
    const draws = [0.1, 0.25, 0.35, 0.1];
    const plan = new FaultPlan(() => draws.shift() ?? 1);
    plan.set({
      rates: [
        { rate: 0.2, fault: { kind: "429", retryAfter: 1 } },
        { rate: 0.1, fault: { kind: "500" } },
        { rate: 0.5, fault: { kind: "cut-body" }, pathPrefix: "/files" },
      ],
    });
    expect(plan.next("/v1/videos")).toEqual({ kind: "429", retryAfter: 1 });
    expect(plan.next("/v1/videos")).toEqual({ kind: "500" });
    expect(plan.next("/files/a.png")).toEqual({ kind: "cut-body" });
    expect(plan.next("/files/a.png")).toEqual({ kind: "429", retryAfter: 1 });
    expect(plan.next("/v1/videos")).toBeUndefined();
  });

  it("refuses rates that add up to more than 1", () => {
    const rates = [0.6, 0.5].map((rate) => ({ rate, fault: { kind: "500" as const } }));
    expect(() => new FaultPlan().set({ rates })).toThrow(/add up/);
  });

  it("refuses a rate outside [0, 1]", () => {
    expect(() => new FaultPlan().set({ rate: 1.5, fault: { kind: "500" } })).toThrow(RangeError);
  });
});

describe("delay", () => {
  it("waits the fast figure under the fast profile and the realistic one otherwise", async () => {
    const fastStart = Date.now();
    await delay({ latency: "fast" }, 10_000, 5);
    expect(Date.now() - fastStart).toBeLessThan(1000);
    const realisticStart = Date.now();
    await delay({ latency: "realistic" }, [150, 200], 10_000);
    expect(Date.now() - realisticStart).toBeGreaterThanOrEqual(145);
  });
});

describe("faultMiddleware", () => {
  let listening: Listening;
  let plan: FaultPlan;
  let handled: number;
  const body = "x".repeat(1000);

  beforeAll(async () => {
    plan = new FaultPlan();
    const app = new Hono();
    app.use(faultMiddleware(plan, (status) => ({ status })));
    app.get("/files/a.png", (c) => c.body(body, 200, { "content-type": "image/png" }));
    app.post("/v1/videos", (c) => {
      handled += 1;
      return c.json({ id: "video_1" });
    });
    listening = await listen(app, "127.0.0.1", 0);
  });
  afterAll(() => listening.close());
  beforeEach(() => {
    plan.clear();
    handled = 0;
  });

  it("cut-body: the full size is announced, half the body arrives, then the connection closes", async () => {
    plan.set({ sequence: [{ kind: "cut-body" }] });
    const response = await fetch(`${listening.url}/files/a.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(body.length));
    await expect(response.arrayBuffer()).rejects.toThrow();
    const whole = await fetch(`${listening.url}/files/a.png`);
    expect(await whole.text()).toBe(body);
  });

  it("lose-answer: the request is carried out, yet the client gets no answer", async () => {
    plan.set({ sequence: [{ kind: "lose-answer" }] });
    await expect(fetch(`${listening.url}/v1/videos`, { method: "POST" })).rejects.toThrow();
    expect(handled).toBe(1);
    const answered = await fetch(`${listening.url}/v1/videos`, { method: "POST" });
    expect(await answered.json()).toEqual({ id: "video_1" });
    expect(handled).toBe(2);
  });
});
