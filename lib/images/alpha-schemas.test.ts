import { describe, expect, it } from "vitest";
import {
  ALPHA_V3_PRESET_SIZES,
  alphaV35SeedSchema,
  alphaV35SizeSchema,
  alphaV35TurnFormSchema,
  alphaV3FormSchema,
  alphaV3SizeSchema,
  codePointLength,
  parsePixelSize,
  truncateToCodePoints,
} from "./alpha-schemas";

const EMOJI = "😀"; // one code point, two UTF-16 units
const png = (bytes = 1000) => ({ assetId: "asset-1", mime: "image/png" as const, bytes });

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

function v3(overrides: Record<string, unknown>) {
  return alphaV3FormSchema.safeParse({ prompt: "a red fox", ...overrides });
}

function v35(overrides: Record<string, unknown>) {
  return alphaV35TurnFormSchema.safeParse({ text: "make it blue", ...overrides });
}

describe("codePointLength / truncateToCodePoints", () => {
  it("counts an astral character once and a lone surrogate once", () => {
    expect(codePointLength("abc")).toBe(3);
    expect(codePointLength(EMOJI)).toBe(1);
    expect(codePointLength(`a${EMOJI}b`)).toBe(3);
    expect(codePointLength("\uD83D")).toBe(1);
    expect(codePointLength("")).toBe(0);
  });

  it("truncates by code points and never splits a surrogate pair", () => {
    expect(truncateToCodePoints(EMOJI.repeat(3), 2)).toBe(EMOJI.repeat(2));
    expect(truncateToCodePoints(`ab${EMOJI}`, 3)).toBe(`ab${EMOJI}`);
    expect(truncateToCodePoints("abc", 0)).toBe("");
    expect(truncateToCodePoints("abc", 10)).toBe("abc");
  });
});

describe("alpha v3 form", () => {
  it("fills defaults: no images, size auto, random seed, no footnote, revise on, one image", () => {
    expect(alphaV3FormSchema.parse({ prompt: "a red fox" })).toEqual({
      prompt: "a red fox",
      images: [],
      size: "auto",
      seed: undefined,
      footnote: undefined,
      revise: true,
      variations: 1,
    });
  });

  describe("prompt", () => {
    it("is required and must not be blank", () => {
      expect(messagesOf(alphaV3FormSchema.safeParse({}))).toEqual(["Prompt is required"]);
      expect(messagesOf(v3({ prompt: "   " }))).toEqual(["Prompt must not be empty"]);
    });

    it("allows 8192 code points and rejects 8193", () => {
      expect(v3({ prompt: "a".repeat(8192) }).success).toBe(true);
      expect(messagesOf(v3({ prompt: "a".repeat(8193) }))).toEqual(["Prompt must be at most 8192 characters (it has 8193)"]);
    });

    it("counts astral characters once (8192 emoji = 16384 UTF-16 units is allowed)", () => {
      expect(v3({ prompt: EMOJI.repeat(8192) }).success).toBe(true);
      expect(messagesOf(v3({ prompt: EMOJI.repeat(8193) }))).toEqual([
        "Prompt must be at most 8192 characters (it has 8193)",
      ]);
    });
  });

  describe("reference images", () => {
    it("allows 0 to 3 and rejects 4", () => {
      expect(v3({ images: [] }).success).toBe(true);
      expect(v3({ images: [png(), png(), png()] }).success).toBe(true);
      expect(messagesOf(v3({ images: [png(), png(), png(), png()] }))).toEqual([
        "At most 3 reference images are allowed",
      ]);
    });

    it("allows png and jpeg up to 10 MB each", () => {
      expect(v3({ images: [png(10_000_000), { ...png(), mime: "image/jpeg" }] }).success).toBe(true);
      expect(messagesOf(v3({ images: [png(10_000_001)] }))).toEqual(["Reference image must be at most 10 MB"]);
      expect(messagesOf(v3({ images: [{ ...png(), mime: "image/webp" }] }))).toEqual([
        "Reference image must be a PNG or JPEG file",
      ]);
      expect(messagesOf(v3({ images: [png(0)] }))).toEqual(["Reference image must not be empty"]);
    });
  });

  describe("size", () => {
    it("exports the 37 presets grouped by shape, all valid sizes", () => {
      const all = [...ALPHA_V3_PRESET_SIZES.landscape, ...ALPHA_V3_PRESET_SIZES.square, ...ALPHA_V3_PRESET_SIZES.portrait];
      expect(all).toHaveLength(37);
      expect(new Set(all).size).toBe(37);
      for (const preset of ALPHA_V3_PRESET_SIZES.landscape) {
        const { width, height } = parsePixelSize(preset)!;
        expect(width).toBeGreaterThan(height);
      }
      for (const preset of ALPHA_V3_PRESET_SIZES.portrait) {
        const { width, height } = parsePixelSize(preset)!;
        expect(height).toBeGreaterThan(width);
      }
      for (const preset of all) expect(alphaV3SizeSchema.safeParse(preset).success, preset).toBe(true);
    });

    it("accepts auto", () => {
      expect(alphaV3SizeSchema.parse("auto")).toBe("auto");
    });

    it("keeps width within [512, 2048]", () => {
      expect(alphaV3SizeSchema.safeParse("512x512").success).toBe(true);
      expect(alphaV3SizeSchema.safeParse("2048x512").success).toBe(true);
      expect(messagesOf(alphaV3SizeSchema.safeParse("511x512"))).toEqual(["Width must be between 512 and 2048 px"]);
      expect(messagesOf(alphaV3SizeSchema.safeParse("2049x512"))).toContain("Width must be between 512 and 2048 px");
    });

    it("keeps height within [512, 2048]", () => {
      expect(alphaV3SizeSchema.safeParse("512x2048").success).toBe(true);
      expect(messagesOf(alphaV3SizeSchema.safeParse("512x511"))).toEqual(["Height must be between 512 and 2048 px"]);
      expect(messagesOf(alphaV3SizeSchema.safeParse("512x2049"))).toContain("Height must be between 512 and 2048 px");
    });

    it("keeps the area at most 1024x1024", () => {
      expect(alphaV3SizeSchema.safeParse("1024x1024").success).toBe(true);
      expect(messagesOf(alphaV3SizeSchema.safeParse("1024x1025"))).toEqual([
        "Size must be at most 1,048,576 pixels in area (width × height); 1024x1025 is 1,049,600",
      ]);
    });

    it("rejects anything that is not WxH", () => {
      for (const bad of ["", "1024", "1024X1024", "1024 x 1024", "0x512", "0512x512", "1K", "-512x512"]) {
        expect(messagesOf(alphaV3SizeSchema.safeParse(bad)), bad).toEqual([
          'Size must be "auto" or width x height in pixels, like 1024x1024',
        ]);
      }
    });
  });

  describe("seed", () => {
    it("is random when absent or empty", () => {
      expect(v3({}).data?.seed).toBeUndefined();
      expect(v3({ seed: "" }).data?.seed).toBeUndefined();
    });

    it("allows 1 and 4294967295, from a number or from text", () => {
      expect(v3({ seed: 1 }).data?.seed).toBe(1);
      expect(v3({ seed: 4294967295 }).data?.seed).toBe(4294967295);
      expect(v3({ seed: " 4294967295 " }).data?.seed).toBe(4294967295);
    });

    it("rejects 0, 4294967296, negatives and fractions", () => {
      const message = "Seed must be a whole number between 1 and 4294967295, or empty for random";
      for (const bad of [0, 4294967296, -1, 1.5, "0", "4294967296", "-7", "12abc"]) {
        expect(messagesOf(v3({ seed: bad })), String(bad)).toEqual([message]);
      }
    });
  });

  describe("footnote", () => {
    it("allows 16 emoji and rejects 17", () => {
      expect(v3({ footnote: EMOJI.repeat(16) }).data?.footnote).toBe(EMOJI.repeat(16));
      expect(messagesOf(v3({ footnote: EMOJI.repeat(17) }))).toEqual(["Footnote must be at most 16 characters (it has 17)"]);
    });

    it("treats an empty footnote as none", () => {
      expect(v3({ footnote: "" }).data?.footnote).toBeUndefined();
    });
  });

  it("revise must be a boolean", () => {
    expect(v3({ revise: false }).data?.revise).toBe(false);
    expect(messagesOf(v3({ revise: "yes" }))).toEqual(["Prompt rewriting must be on or off"]);
  });

  it("reports the path of each failing field", () => {
    const result = v3({ size: "511x512", footnote: "x".repeat(17) });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["size"], ["footnote"]]);
  });
});

describe("alpha v3.5 turn form", () => {
  it("fills defaults", () => {
    expect(alphaV35TurnFormSchema.parse({ text: "make it blue" })).toEqual({
      text: "make it blue",
      images: [],
      size: "auto",
      seed: undefined,
      footnote: undefined,
      resizeMaxPixels: undefined,
      useSearchTool: false,
    });
  });

  it("text must not be empty", () => {
    expect(messagesOf(v35({ text: " \n " }))).toEqual(["Message must not be empty"]);
    expect(messagesOf(alphaV35TurnFormSchema.safeParse({}))).toEqual(["Message is required"]);
  });

  it("images: png/jpeg up to 20 MB each, at most 6 in one message", () => {
    expect(v35({ images: [png(20_000_000)] }).success).toBe(true);
    expect(messagesOf(v35({ images: [png(20_000_001)] }))).toEqual(["Reference image must be at most 20 MB"]);
    expect(v35({ images: Array.from({ length: 6 }, () => png()) }).success).toBe(true);
    expect(messagesOf(v35({ images: Array.from({ length: 7 }, () => png()) }))).toEqual([
      "At most 6 images are allowed in one message",
    ]);
  });

  describe("size", () => {
    it("accepts auto and the three tiers", () => {
      for (const ok of ["auto", "1K", "1.5K", "2K"]) expect(alphaV35SizeSchema.safeParse(ok).success, ok).toBe(true);
    });

    it("keeps each side within [256, 8192]", () => {
      expect(alphaV35SizeSchema.safeParse("256x256").success).toBe(true);
      expect(alphaV35SizeSchema.safeParse("8192x256").success).toBe(true);
      expect(alphaV35SizeSchema.safeParse("256x8192").success).toBe(true);
      expect(messagesOf(alphaV35SizeSchema.safeParse("255x256"))).toEqual(["Width must be between 256 and 8192 px"]);
      expect(messagesOf(alphaV35SizeSchema.safeParse("256x255"))).toEqual(["Height must be between 256 and 8192 px"]);
      expect(messagesOf(alphaV35SizeSchema.safeParse("8193x256"))).toEqual(["Width must be between 256 and 8192 px"]);
    });

    it("keeps the area at most 16777216 (4096x4096)", () => {
      expect(alphaV35SizeSchema.safeParse("4096x4096").success).toBe(true);
      expect(messagesOf(alphaV35SizeSchema.safeParse("4096x4097"))).toEqual([
        "Size must be at most 16,777,216 pixels in area (width × height); 4096x4097 is 16,781,312",
      ]);
    });

    it("rejects other text", () => {
      expect(messagesOf(alphaV35SizeSchema.safeParse("3K"))).toEqual([
        'Size must be "auto", a tier (1K, 1.5K, 2K) or width x height in pixels, like 2048x2048',
      ]);
    });
  });

  describe("seed (int64 as decimal text)", () => {
    it("allows 0 (random upstream), 1 and 2^63-1 without losing precision", () => {
      expect(alphaV35SeedSchema.parse("0")).toBe("0");
      expect(alphaV35SeedSchema.parse(1)).toBe("1");
      expect(alphaV35SeedSchema.parse("9223372036854775807")).toBe("9223372036854775807");
      expect(alphaV35SeedSchema.parse(9223372036854775807n)).toBe("9223372036854775807");
      expect(alphaV35SeedSchema.parse("0004294967296")).toBe("4294967296");
    });

    it("is absent when empty", () => {
      expect(alphaV35SeedSchema.parse(undefined)).toBeUndefined();
      expect(alphaV35SeedSchema.parse("")).toBeUndefined();
    });

    it("rejects 2^63, negatives, fractions and unsafe numbers", () => {
      expect(messagesOf(alphaV35SeedSchema.safeParse("9223372036854775808"))).toEqual([
        "Seed must be at most 9223372036854775807",
      ]);
      expect(messagesOf(alphaV35SeedSchema.safeParse("-1"))).toEqual(["Seed must not be negative"]);
      expect(messagesOf(alphaV35SeedSchema.safeParse(-1))).toEqual(["Seed must not be negative"]);
      expect(messagesOf(alphaV35SeedSchema.safeParse(1.5))).toEqual(["Seed must be a whole number, or empty for random"]);
      // 2^53 + 1 cannot be represented as a number; the form must send text for such seeds.
      expect(messagesOf(alphaV35SeedSchema.safeParse(2 ** 53 + 2))).toEqual([
        "Seed must be a whole number, or empty for random",
      ]);
    });
  });

  it("footnote: 16 emoji allowed, 17 rejected", () => {
    expect(v35({ footnote: EMOJI.repeat(16) }).success).toBe(true);
    expect(messagesOf(v35({ footnote: EMOJI.repeat(17) }))).toEqual(["Footnote must be at most 16 characters (it has 17)"]);
  });

  it("resizeMaxPixels must be a positive whole number", () => {
    expect(v35({ resizeMaxPixels: 1 }).data?.resizeMaxPixels).toBe(1);
    expect(messagesOf(v35({ resizeMaxPixels: 0 }))).toEqual([
      "Reference image resize limit must be a positive number of pixels",
    ]);
    expect(messagesOf(v35({ resizeMaxPixels: 1.5 }))).toEqual([
      "Reference image resize limit must be a whole number of pixels",
    ]);
  });

  it("useSearchTool must be a boolean", () => {
    expect(v35({ useSearchTool: true }).data?.useSearchTool).toBe(true);
    expect(messagesOf(v35({ useSearchTool: "on" }))).toEqual(["Web search must be on or off"]);
  });
});
