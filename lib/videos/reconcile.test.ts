import { describe, expect, it } from "vitest";
import { inSubmitWindow, matchesCorrelation } from "./reconcile";

// Reconciling a POST with an unknown outcome (spec 4.4: not idempotent; 2.5: the list omits echo).
describe("correlation-id reconciliation", () => {
  const sentAt = new Date("2026-11-23T10:00:00Z");
  const seconds = sentAt.getTime() / 1000;

  it("matches a record by the studio's correlation id in echo.x_metadata only", () => {
    expect(matchesCorrelation({ echo: { x_metadata: { studio_correlation_id: "c-1" } } }, "c-1")).toBe(true);
    expect(matchesCorrelation({ echo: { x_metadata: { studio_correlation_id: "c-2" } } }, "c-1")).toBe(false);
    expect(matchesCorrelation({ echo: { x_metadata: "c-1" } }, "c-1")).toBe(false);
    expect(matchesCorrelation({ echo: { x_metadata: null } }, "c-1")).toBe(false);
    // A list record has no echo (spec 2.5): never a match by itself.
    expect(matchesCorrelation({ echo: null }, "c-1")).toBe(false);
  });

  it("considers jobs created within the clock-skew window of the POST", () => {
    expect(inSubmitWindow({ created_at: seconds }, sentAt)).toBe(true);
    expect(inSubmitWindow({ created_at: seconds + 300 }, sentAt)).toBe(true);
    expect(inSubmitWindow({ created_at: seconds - 300 }, sentAt)).toBe(true);
    expect(inSubmitWindow({ created_at: seconds - 301 }, sentAt)).toBe(false);
    expect(inSubmitWindow({ created_at: seconds + 301 }, sentAt)).toBe(false);
    expect(inSubmitWindow({ created_at: null }, sentAt)).toBe(true);
  });
});
