import { describe, expect, it } from "vitest";
import { isPartitionUsable, partitionProblem } from "./partition-rule";

// Spec 3.2: usable only when `ready` is true, `current` equals the wanted mode and `state` is `ready`.
describe("partition usability (spec 3.2)", () => {
  const ready = { current: "fl2va", ready: true, state: "ready" };

  it("is usable for the loaded mode's task, and for t2va in either mode", () => {
    expect(isPartitionUsable(ready, "fl2va")).toBe(true);
    expect(isPartitionUsable(ready, "ref2va")).toBe(false);
    expect(isPartitionUsable(ready, "t2va")).toBe(true);
    expect(isPartitionUsable({ ...ready, current: "ref2va" }, "t2va")).toBe(true);
  });

  it("needs all three conditions at once", () => {
    expect(isPartitionUsable({ ...ready, ready: false }, "fl2va")).toBe(false);
    expect(isPartitionUsable({ ...ready, state: "switching" }, "fl2va")).toBe(false);
    expect(isPartitionUsable({ ...ready, state: "error" }, "t2va")).toBe(false);
    expect(isPartitionUsable({ current: "", ready: true, state: "ready" }, "t2va")).toBe(false);
  });

  it("says why a task cannot be submitted", () => {
    expect(partitionProblem(ready, "fl2va")).toBeNull();
    expect(partitionProblem({ ...ready, state: "switching", ready: false }, "fl2va")).toMatch(/switching its loaded mode; submissions are held/);
    expect(partitionProblem({ current: "", ready: false, state: "conflicted" }, "t2va")).toMatch(/state conflicted/);
    expect(partitionProblem(ready, "ref2va")).toBe("This task needs the ref2va mode loaded; the video service has fl2va loaded. An administrator can switch it.");
  });
});
