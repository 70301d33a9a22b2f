import { describe, expect, it } from "vitest";
import { formatRelative } from "./local-time";

describe("formatRelative", () => {
  const now = Date.parse("2026-12-01T12:00:00Z");
  it("words a recent moment relative to now", () => {
    expect(formatRelative("2026-12-01T11:59:30Z", now)).toBe("just now");
    expect(formatRelative("2026-12-01T11:55:00Z", now)).toBe("5 minutes ago");
    expect(formatRelative("2026-11-30T12:00:00Z", now)).toBe("yesterday");
  });

  it("dates a moment over a week old in the zone it is given, as the server and the hydrating browser both write it", () => {
    expect(formatRelative("2026-11-01T02:00:00Z", now, "UTC")).toBe("Nov 1, 2026");
    expect(formatRelative("2026-11-01T02:00:00Z", now, "America/Los_Angeles")).toBe("Oct 31, 2026");
  });
});
