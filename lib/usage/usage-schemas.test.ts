import { describe, expect, it } from "vitest";
import { usageQuerySchema } from "./usage-schemas";

// The route sweep's hostile values: each must be a refusal naming the field, never an exception.
describe("usage query dates", () => {
  it.each(["__proto__", "toString", "\ud800", "2026-02-30", "0000-00-00", "0000-01-01", "2026-13-01"])("refuses from=%j naming from", (from) => {
    const result = usageQuerySchema.safeParse({ from, to: "2026-03-01" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain("from");
  });

  it("accepts a real range", () => {
    expect(usageQuerySchema.parse({ from: "2026-02-01", to: "2026-02-28" })).toMatchObject({ from: "2026-02-01", to: "2026-02-28", groupBy: "day" });
  });
});
