import { describe, expect, it } from "vitest";
import { isCalendarDay } from "./calendar-day";

describe("isCalendarDay", () => {
  it.each(["2026-02-28", "2024-02-29", "0001-01-01", "9999-12-31"])("accepts %s", (text) => expect(isCalendarDay(text)).toBe(true));
  it.each(["2026-02-30", "2026-13-01", "0000-01-01", "2026-1-01", "__proto__", "\ud800", ""])("refuses %j", (text) => expect(isCalendarDay(text)).toBe(false));
});
