import { describe, expect, it } from "vitest";
import { readStoredTurnParams } from "@/lib/chat/stored-turn-params";
import { checkDraft } from "./turn-checks";
import { DEFAULT_TURN_SETTINGS, settingsFromStored, settingsSummary, turnFormInput, type TurnSettings } from "./turn-settings";

const settingsFromParams = (params: unknown) => settingsFromStored(readStoredTurnParams(params));

const image = { id: "a1", mime: "image/png", bytes: 1000, url: "/api/assets/a1", thumbnailUrl: null, width: 10, height: 10 };

function check(settings: Partial<TurnSettings>, text = "make it blue") {
  return checkDraft(turnFormInput(text, [], { ...DEFAULT_TURN_SETTINGS, ...settings }));
}

describe("turn settings", () => {
  it("turns the default draft into values the schema accepts", () => {
    const { values, problems } = checkDraft(turnFormInput("a red fox", [image], DEFAULT_TURN_SETTINGS));
    expect(problems).toEqual({});
    expect(values).toMatchObject({ text: "a red fox", size: "auto", images: [{ assetId: "a1", mime: "image/png", bytes: 1000 }], useSearchTool: false });
    expect(values?.seed).toBeUndefined();
    expect(values?.footnote).toBeUndefined();
    expect(values?.resizeMaxPixels).toBeUndefined();
  });

  it("sends a tier as its name and an exact size as WxH", () => {
    expect(check({ sizeMode: "tier", tier: "2K" }).values?.size).toBe("2K");
    expect(check({ sizeMode: "exact", width: " 4096", height: "4096 " }).values?.size).toBe("4096x4096");
  });

  it("names each field's problem with the shared schema's words", () => {
    expect(check({}, "   ").problems.text).toBe("Message must not be empty");
    expect(check({ sizeMode: "exact", width: "5000", height: "5000" }).problems.size).toMatch(/at most 16,777,216 pixels/);
    expect(check({ sizeMode: "exact", width: "100", height: "300" }).problems.size).toBe("Width must be between 256 and 8192 px");
    expect(check({ seed: "-1" }).problems.seed).toBe("Seed must not be negative");
    expect(check({ seed: "9223372036854775808" }).problems.seed).toMatch(/at most 9223372036854775807/);
    expect(check({ footnote: "x".repeat(17) }).problems.footnote).toMatch(/at most 16 characters/);
    expect(check({ resizeMaxPixels: "lots" }).problems.resizeMaxPixels).toBeDefined();
    expect(check({ resizeMaxPixels: "0" }).problems.resizeMaxPixels).toMatch(/positive/);
  });

  it("keeps a 64-bit seed exact", () => {
    expect(check({ seed: "9223372036854775807" }).values?.seed).toBe("9223372036854775807");
  });

  it("reads a stored turn's params back into settings", () => {
    expect(settingsFromParams({ size: "1K", seed: "42", footnote: "©", resizeMaxPixels: 500000, useSearchTool: true })).toEqual({
      ...DEFAULT_TURN_SETTINGS,
      sizeMode: "tier",
      tier: "1K",
      seed: "42",
      footnote: "©",
      resizeMaxPixels: "500000",
      useSearchTool: true,
    });
    expect(settingsFromParams({ size: "1024x768", seed: null, footnote: null, resizeMaxPixels: null, useSearchTool: false })).toMatchObject({
      sizeMode: "exact",
      width: "1024",
      height: "768",
      seed: "",
    });
    expect(settingsFromParams(null)).toEqual(DEFAULT_TURN_SETTINGS);
  });

  it("brings back a seed the studio drew for a random request, so a retry reproduces the turn", () => {
    expect(settingsFromParams({ size: "1K", seed: "77", seedWasRandom: true, footnote: null, resizeMaxPixels: null, useSearchTool: false }).seed).toBe("77");
  });

  it("summarises only what differs from the defaults", () => {
    expect(settingsSummary(DEFAULT_TURN_SETTINGS)).toEqual([]);
    expect(settingsSummary({ ...DEFAULT_TURN_SETTINGS, sizeMode: "exact", width: "1024", height: "768", seed: "7", useSearchTool: true })).toEqual([
      "1024×768",
      "Seed 7",
      "Web search",
    ]);
  });
});
