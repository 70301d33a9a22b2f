// Spec 3.2 partition state machine, spec 2.6 / 4.4 partition endpoints, spec 2.7 /healthz.
import { describe, expect, it } from "vitest";
import { useVideoEmulator, expectVideoError } from "./test-harness";

const t = useVideoEmulator();

const patchVideo = (video: Record<string, unknown>) => t.call(t.agent, "PATCH", "/__emulator/config", { video });
const getPartition = async () => (await t.call(t.agent, "GET", "/v1/partition")).json;
const switchTo = (partition: string) => t.call(t.agent, "POST", "/v1/partition", { partition });
const healthz = () => t.call(t.agent, "GET", "/healthz");
const waitUntilReady = async () => {
  for (let partition = await getPartition(); partition.state !== "ready"; partition = await getPartition()) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const keyframes = [{ type: "image", uri: "https://example.test/first.png", role: "keyframe", frame_index: 0 }];
const references = [{ type: "image", uri: "https://example.test/cat.png", role: "reference" }];

describe("spec 3.2 partition", () => {
  it("starts ready in the configured mode (fl2va)", async () => {
    expect(await getPartition()).toEqual({ current: "fl2va", ready: true, state: "ready", allowed: ["fl2va", "ref2va"] });
  });

  it("answers 200 with accepted false for the mode already loaded", async () => {
    const response = await switchTo("fl2va");
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ accepted: false, current: "fl2va", ready: true, state: "ready" });
  });

  it("answers 202 for a new switch, 409 partition_switching meanwhile, then is ready in the new mode", async () => {
    await patchVideo({ partitionSwitchSeconds: 1 });
    const accepted = await switchTo("ref2va");
    expect(accepted.status).toBe(202);
    expect(accepted.json).toMatchObject({ accepted: true, state: "switching", ready: false });
    expect((await getPartition()).state).toBe("switching");
    expectVideoError(await switchTo("fl2va"), 409, "partition_switching", "partition");

    // Submissions during a switch: 503 with Retry-After (our choice).
    const refused = await t.submit({ prompt: "a", task: "t2va" });
    expectVideoError(refused, 503, "partition_switching", null);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // A switch is normal operation: /healthz stays 200.
    expect((await healthz()).status).toBe(200);

    await waitUntilReady();
    expect(await getPartition()).toMatchObject({ current: "ref2va", ready: true, state: "ready" });
  });

  it("refuses a switch with 409 partition_has_pending_jobs while jobs are queued or running", async () => {
    await t.control("/pause", { stage: "generation" });
    expect((await t.submit({ prompt: "a", task: "t2va" })).status).toBe(200);
    expectVideoError(await switchTo("ref2va"), 409, "partition_has_pending_jobs", "partition");
    expect((await getPartition()).state).toBe("ready");
  });

  it("refuses a task of the other mode with 409 partition_mismatch; t2va runs in either mode (our choice)", async () => {
    expectVideoError(await t.submit({ prompt: "a <Picture 1>", task: "ref2va", conditions: references }), 409, "partition_mismatch", "task");
    await t.control("/pause", { stage: "generation" });
    expect((await t.submit({ prompt: "a", task: "fl2va", conditions: keyframes })).status).toBe(200);
    await t.call(t.agent, "POST", "/__emulator/reset");

    expect((await switchTo("ref2va")).status).toBe(202);
    await waitUntilReady();
    await t.control("/pause", { stage: "generation" });
    expectVideoError(await t.submit({ prompt: "a", task: "fl2va", conditions: keyframes }), 409, "partition_mismatch", "task");
    expect((await t.submit({ prompt: "a <Picture 1>", task: "ref2va", conditions: references })).status).toBe(200);
    expect((await t.submit({ prompt: "a", task: "t2va" })).status).toBe(200);
  });

  it("conflicted: current is empty, submissions get 503 partition_detect_failed, a switch recovers (our choice)", async () => {
    await t.control("/partition/state", { state: "conflicted" });
    expect(await getPartition()).toMatchObject({ current: "", ready: false, state: "conflicted" });
    const refused = await t.submit({ prompt: "a", task: "t2va" });
    expectVideoError(refused, 503, "partition_detect_failed", null);
    expect(refused.headers.get("retry-after")).toBe("30");
    const health = await healthz();
    expect(health.status).toBe(503);
    expect(health.json.dependencies.partition).toBe("degraded");

    expect((await switchTo("fl2va")).status).toBe(202);
    await waitUntilReady();
    expect(await getPartition()).toMatchObject({ current: "fl2va", ready: true, state: "ready" });
  });

  it("evaluates conflicted before switching and switching before error", async () => {
    await patchVideo({ partitionSwitchSeconds: 5 });
    await t.control("/partition/state", { state: "error" });
    expect((await getPartition()).state).toBe("error");
    expect((await switchTo("ref2va")).status).toBe(202);
    expect((await getPartition()).state).toBe("switching");
    await t.control("/partition/state", { state: "conflicted" });
    expect((await getPartition()).state).toBe("conflicted");
  });

  it("refuses a malformed switch body with invalid_json", async () => {
    expectVideoError(await switchTo("t2va"), 400, "invalid_json", "partition");
    expectVideoError(await t.call(t.agent, "POST", "/v1/partition", { partition: "fl2va", force: true }), 400, "invalid_json", "force");
    expectVideoError(await t.call(t.agent, "POST", "/v1/partition", "nope"), 400, "invalid_json", null);
  });
});

describe("spec 2.7 /healthz", () => {
  it("reports dependencies, the queue and the partition with 200 when healthy", async () => {
    const health = await healthz();
    expect(health.status).toBe(200);
    expect(health.json).toEqual({
      status: "ok",
      dependencies: { moderation: "ok", database: "ok", partition: "ok" },
      queue: { queued: 0, limit: 8 },
      partition: "fl2va",
    });
  });

  it("answers 503 when moderation is degraded, and submissions get 503 moderation_unavailable with Retry-After", async () => {
    await patchVideo({ degradedDependencies: ["moderation"] });
    const health = await healthz();
    expect(health.status).toBe(503);
    expect(health.json).toMatchObject({ status: "degraded", dependencies: { moderation: "degraded", database: "ok", partition: "ok" } });
    const refused = await t.submit({ prompt: "a", task: "t2va" });
    expectVideoError(refused, 503, "moderation_unavailable", null);
    expect(refused.headers.get("retry-after")).toBe("30");
  });

  it("refuses a video config patch its schema rejects, naming the field, and keeps the old settings", async () => {
    const refused = await patchVideo({ queueLimit: -1, degradedDependencies: ["database"] });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain("video.queueLimit");
    const health = await healthz();
    expect(health.json.queue).toEqual({ queued: 0, limit: 8 });
    expect(health.json.dependencies.database).toBe("ok");
  });

  it("answers 503 when the database or the partition is degraded", async () => {
    await patchVideo({ degradedDependencies: ["database"] });
    expect((await healthz()).json.dependencies).toEqual({ moderation: "ok", database: "degraded", partition: "ok" });
    expect((await healthz()).status).toBe(503);
    await patchVideo({ degradedDependencies: ["partition"] });
    expect((await healthz()).status).toBe(503);
    expect(await getPartition()).toMatchObject({ state: "error", ready: false, current: "fl2va" });
    expectVideoError(await t.submit({ prompt: "a", task: "t2va" }), 503, "partition_detect_failed", null);
  });
});
