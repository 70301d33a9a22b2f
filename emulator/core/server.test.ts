import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RunningEmulator } from "./server";
import { AUTH, control, postJson, startTestEmulator, V3_PATH } from "../image/test-support";

const v3Body = { model: "alpha-image-v3", prompt: "fault test", size: "512x512", seed: 1 };

describe("emulator server and control endpoints", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator.close());
  beforeEach(() => control(emulator.urls.image, "POST", "/reset"));

  it("listens on three separate ports", () => {
    const ports = Object.values(emulator.urls).map((url) => new URL(url).port);
    expect(new Set(ports).size).toBe(3);
  });

  it("answers a video path on the image port with a JSON 404", async () => {
    const response = await fetch(`${emulator.urls.image}/v1/videos`, { headers: AUTH });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
  });

  it("GET and PATCH /__emulator/config deep-merge and validate", async () => {
    expect((await control(emulator.urls.image, "GET", "/config")).latency).toBe("fast");
    const patched = await control(emulator.urls.agent, "PATCH", "/config", { imageConcurrency: 7, video: { note: 1 } });
    expect(patched).toMatchObject({ imageConcurrency: 7, video: { note: 1 }, apiKeys: ["emulator-key"] });
    expect(emulator.config.imageConcurrency).toBe(7);
    const refused = await control(emulator.urls.image, "PATCH", "/config", { imageConcurrency: 0 });
    expect(refused.error.message).toMatch(/imageConcurrency/);
  });

  it("POST /__emulator/reset restores config, faults and the request log", async () => {
    await control(emulator.urls.image, "PATCH", "/config", { imageConcurrency: 2 });
    await control(emulator.urls.image, "POST", "/faults", { sequence: [{ kind: "500" }] });
    await postJson(emulator.urls.image, V3_PATH, v3Body);
    await control(emulator.urls.image, "POST", "/reset");
    expect(emulator.config.imageConcurrency).toBe(4);
    expect((await control(emulator.urls.image, "GET", "/faults")).sequence).toEqual([]);
    expect((await control(emulator.urls.image, "GET", "/requests")).requests).toEqual([]);
  });

  it("GET /__emulator/requests logs requests with the key redacted and the JSON body; DELETE clears it", async () => {
    await postJson(emulator.urls.image, V3_PATH, v3Body);
    const { requests } = await control(emulator.urls.image, "GET", "/requests");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: "POST", path: V3_PATH, status: 200, body: v3Body });
    expect(requests[0].headers.authorization).toBe("Bearer ***");
    expect(typeof requests[0].time).toBe("string");
    await control(emulator.urls.image, "DELETE", "/requests");
    expect((await control(emulator.urls.image, "GET", "/requests")).requests).toEqual([]);
  });

  it("scripted faults: 429 with Retry-After, then success", async () => {
    await control(emulator.urls.image, "POST", "/faults", { sequence: [{ kind: "429", retryAfter: 7 }] });
    const first = await postJson(emulator.urls.image, V3_PATH, v3Body);
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("7");
    expect(first.body.error.code).toBe("concurrency_limit_exceeded");
    const second = await postJson(emulator.urls.image, V3_PATH, v3Body);
    expect(second.status).toBe(200);
  });

  it("drop fault destroys the connection", async () => {
    await control(emulator.urls.image, "POST", "/faults", { sequence: [{ kind: "drop" }] });
    await expect(postJson(emulator.urls.image, V3_PATH, v3Body)).rejects.toThrow();
    const { requests } = await control(emulator.urls.image, "GET", "/requests");
    expect(requests[0]).toMatchObject({ fault: "drop", status: 0 });
  });

  it("lose-answer fault is set through the control endpoint and logged with status 0", async () => {
    await control(emulator.urls.image, "POST", "/faults", { sequence: [{ kind: "lose-answer" }] });
    await expect(postJson(emulator.urls.image, V3_PATH, v3Body)).rejects.toThrow();
    const { requests } = await control(emulator.urls.image, "GET", "/requests");
    expect(requests[0]).toMatchObject({ fault: "lose-answer", status: 0 });
  });

  it("rate faults respect the path prefix, use beta codes on beta paths, and 'slow' delays", async () => {
    await control(emulator.urls.image, "POST", "/faults", {
      rate: 1,
      fault: { kind: "500" },
      pathPrefix: "/v1/wand/beta-image",
    });
    expect((await postJson(emulator.urls.image, V3_PATH, v3Body)).status).toBe(200);
    const beta = await postJson(emulator.urls.image, "/v1/wand/beta-image/generation", {});
    expect(beta.status).toBe(500);
    expect(beta.body.error.code).toBe("InternalServiceFailure");

    await control(emulator.urls.image, "POST", "/faults", { sequence: [{ kind: "slow", ms: 300 }] });
    const started = Date.now();
    expect((await postJson(emulator.urls.image, V3_PATH, v3Body)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("faults on one port leave the others alone; video ports use the spec 7.3 error body", async () => {
    await control(emulator.urls.agent, "POST", "/faults", { sequence: [{ kind: "500" }] });
    expect((await postJson(emulator.urls.image, V3_PATH, v3Body)).status).toBe(200);
    const agent = await fetch(`${emulator.urls.agent}/healthz`);
    expect(agent.status).toBe(500);
    expect(await agent.json()).toMatchObject({ error: { code: "internal_error", param: null } });
  });

  it("stops a port through another (connection refused, open requests cut) and starts it again at the same URL", async () => {
    await control(emulator.urls.image, "POST", "/faults", { sequence: [{ kind: "slow", ms: 5_000 }] });
    const inFlight = postJson(emulator.urls.image, V3_PATH, v3Body);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await control(emulator.urls.agent, "POST", "/ports/image/stop")).toEqual({ image: "stopped", agent: "listening", inference: "listening" });
    await expect(inFlight).rejects.toThrow();
    const refused = await fetch(`${emulator.urls.image}/__emulator/config`).catch((error: Error) => error.cause);
    expect(refused).toMatchObject({ code: "ECONNREFUSED" });

    expect(await control(emulator.urls.inference, "POST", "/ports/image/start")).toMatchObject({ image: "listening" });
    expect((await postJson(emulator.urls.image, V3_PATH, v3Body)).status).toBe(200);
  });

  it("refuses to stop the port that carries the request, and a reset starts stopped ports", async () => {
    const own = await fetch(`${emulator.urls.agent}/__emulator/ports/agent/stop`, { method: "POST" });
    expect(own.status).toBe(409);
    expect((await own.json()).error.code).toBe("cannot_stop_own_port");
    await control(emulator.urls.image, "POST", "/ports/agent/stop");
    await control(emulator.urls.image, "POST", "/reset");
    expect(await control(emulator.urls.agent, "GET", "/ports")).toEqual({ image: "listening", agent: "listening", inference: "listening" });
  });

  it("refuses an invalid fault setting", async () => {
    const answer = await control(emulator.urls.image, "POST", "/faults", { sequence: [{ kind: "teapot" }] });
    expect(answer.error.code).toBe("invalid_fault");
    const overfull = { rates: [0.6, 0.5].map((rate) => ({ rate, fault: { kind: "500" } })) };
    expect((await control(emulator.urls.image, "POST", "/faults", overfull)).error.message).toMatch(/add up/);
  });
});

describe("emulator lifecycle", () => {
  it("keeps generated files in os.tmpdir()/studio-emulator-<pid>* and removes them on close", async () => {
    const emulator = await startTestEmulator();
    const { body } = await postJson(emulator.urls.image, V3_PATH, v3Body);
    const fileName = path.basename(new URL(body.data[0].url).pathname);
    const holder = readdirSync(os.tmpdir())
      .filter((name) => name.startsWith(`studio-emulator-${process.pid}`))
      .map((name) => path.join(os.tmpdir(), name, "images", fileName))
      .find((candidate) => existsSync(candidate));
    expect(holder).toBeDefined();
    await emulator.close();
    expect(existsSync(holder as string)).toBe(false);
    await expect(fetch(`${emulator.urls.image}/__emulator/config`)).rejects.toThrow();
  });
});
