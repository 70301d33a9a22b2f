import { describe, expect, it } from "vitest";
import { formatStorageBytes, storageUseText } from "./quota-rules";
import { storageQuotaFormSchema } from "./quota-schemas";

describe("storage sizes as the studio writes them", () => {
  it.each([
    [0, "0 bytes"],
    [999, "999 bytes"],
    [12_345, "12.3 KB"],
    [950_000_000, "950 MB"],
    [1_250_000_000, "1.25 GB"],
    [3e12, "3 TB"],
  ])("%i bytes → %s", (bytes, text) => {
    expect(formatStorageBytes(bytes)).toBe(text);
  });

  it("says used of limit, or that there is no limit", () => {
    expect(storageUseText({ usedBytes: 1.2e9, limitBytes: 5e9 })).toBe("1.2 GB of 5 GB used");
    expect(storageUseText({ usedBytes: 1.2e9, limitBytes: null })).toBe("1.2 GB used, no limit");
  });
});

describe("a quota as an admin types it", () => {
  it.each([
    [{ amount: "500", unit: "MB" }, 500_000_000],
    [{ amount: "1.5", unit: "GB" }, 1_500_000_000],
    [{ amount: " 2 ", unit: "TB" }, 2e12],
  ])("%j → %i bytes", (input, bytes) => {
    expect(storageQuotaFormSchema.parse(input)).toBe(bytes);
  });

  it.each([
    [{ amount: "", unit: "GB" }, "Amount is required"],
    [{ amount: "-1", unit: "GB" }, "Amount must be a number like 500 or 1.5"],
    [{ amount: "1e3", unit: "GB" }, "Amount must be a number like 500 or 1.5"],
    [{ amount: "1", unit: "PB" }, "Unit must be MB, GB or TB"],
    [{ amount: "2000", unit: "TB" }, "must be at most 1000000000000000 bytes (1 PB)"],
  ])("%j is refused: %s", (input, message) => {
    const result = storageQuotaFormSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });
});
