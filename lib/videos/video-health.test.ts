import { describe, expect, it } from "vitest";
import { agentHealthOf } from "./video-health";

const report = (status: string, dependencies: Record<string, string>) => ({ status, dependencies, queue: { queued: 3, limit: 8 }, partition: "fl2va", raw: {} });

// Spec 2.7: healthy is `status` ok with every dependency ok; a 503 is a degraded report, not a crash.
describe("agentHealthOf", () => {
  it("is ok only with a 2xx, status ok and every dependency ok", () => {
    expect(agentHealthOf(200, report("ok", { moderation: "ok", database: "ok", partition: "ok" }))).toEqual({
      state: "ok",
      httpStatus: 200,
      reason: null,
      status: "ok",
      dependencies: [
        { name: "moderation", status: "ok" },
        { name: "database", status: "ok" },
        { name: "partition", status: "ok" },
      ],
      queue: { queued: 3, limit: 8 },
      partition: "fl2va",
    });
  });

  it("reads a 503 as degraded and names the dependencies that are not ok", () => {
    const health = agentHealthOf(503, report("degraded", { moderation: "degraded", database: "ok", partition: "degraded" }));
    expect(health.state).toBe("degraded");
    expect(health.reason).toBe("The agent answered HTTP 503 with status “degraded”: moderation is degraded, partition is degraded.");
  });

  it("is degraded when a dependency is not ok even if the status says ok", () => {
    expect(agentHealthOf(200, report("ok", { moderation: "ok", database: "degraded" })).state).toBe("degraded");
  });

  it("lists spec 2.7's three dependencies first, then any others the agent names", () => {
    const names = agentHealthOf(200, report("ok", { cache: "ok", partition: "ok", moderation: "ok", database: "ok" })).dependencies.map((dependency) => dependency.name);
    expect(names).toEqual(["moderation", "database", "partition", "cache"]);
  });
});
