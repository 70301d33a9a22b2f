import { describe, expect, it } from "vitest";
import { knownTimeZone } from "./time-zone-cookie";

describe("knownTimeZone", () => {
  it("takes an IANA zone name, as the time data spells it", () => {
    expect(knownTimeZone("Pacific/Auckland")).toBe("Pacific/Auckland");
    expect(knownTimeZone("America/Port-au-Prince")).toBe("America/Port-au-Prince");
    expect(knownTimeZone("UTC")).toBe("UTC");
    expect(knownTimeZone("europe/paris")).toBe("Europe/Paris");
  });

  it("refuses what is not a zone: empty, unknown, a prototype name, markup, an overlong value", () => {
    for (const value of [undefined, "", "Mars/Olympus_Mons", "constructor", "__proto__", "<script>", "Europe/Paris;x=1", `A${"a".repeat(64)}`]) {
      expect(knownTimeZone(value)).toBeUndefined();
    }
  });
});
