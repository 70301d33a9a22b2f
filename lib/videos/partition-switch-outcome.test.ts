import { describe, expect, it } from "vitest";
import { PARTITION_POLL_SECONDS, switchMessage, switchOutcome } from "./partition-switch-outcome";

// Spec 3.2: 202 accepted, 200 already ready, 409 partition_switching, 409 partition_has_pending_jobs.
describe("switchOutcome", () => {
  it("maps each answer of spec 3.2 to its outcome", () => {
    expect(switchOutcome({ httpStatus: 202 })).toBe("accepted");
    expect(switchOutcome({ httpStatus: 200 })).toBe("already_ready");
    expect(switchOutcome({ refusal: "partition_switching" })).toBe("switching");
    expect(switchOutcome({ refusal: "partition_has_pending_jobs" })).toBe("pending_jobs");
  });
});

describe("switchMessage", () => {
  it("says an accepted switch holds submissions while the page polls", () => {
    const message = switchMessage("ref2va", "accepted", "fl2va");
    expect(message).toContain("switch to ref2va has started");
    expect(message).toContain("submissions are held");
    expect(message).toContain(`every ${PARTITION_POLL_SECONDS} seconds`);
  });

  it("says nothing changed when the mode was already ready", () => {
    expect(switchMessage("fl2va", "already_ready", "fl2va")).toBe("fl2va is already loaded and ready, so nothing changed.");
  });

  it("explains partition_switching as a switch already under way, to wait for", () => {
    const message = switchMessage("ref2va", "switching", "fl2va");
    expect(message).toContain("already switching");
    expect(message).toContain("Wait until this page shows it ready");
  });

  it("explains partition_has_pending_jobs with the loaded mode and what the admin can do about the jobs", () => {
    const message = switchMessage("ref2va", "pending_jobs", "fl2va");
    expect(message).toContain("queued or running jobs in fl2va");
    expect(message).toContain("refused to switch to ref2va");
    expect(message).toContain("cancel the queued ones");
  });

  it("still reads well when no mode is loaded (spec 2.6: current is empty while conflicted)", () => {
    expect(switchMessage("ref2va", "pending_jobs", "")).toContain("jobs in the loaded mode,");
  });

  it("promises a poll interval inside spec 3.2's 10 to 15 seconds", () => {
    expect(PARTITION_POLL_SECONDS).toBeGreaterThanOrEqual(10);
    expect(PARTITION_POLL_SECONDS).toBeLessThanOrEqual(15);
  });
});
