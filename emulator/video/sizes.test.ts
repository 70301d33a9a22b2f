// Spec 4.4 resolution table and spec 8 spatial-multiple sizes; the bounded 4K upscale rate.
import { describe, expect, it } from "vitest";
import { familyForShortEdge, formatResolution, frameSize, type AspectRatio, type SizeFamily } from "./sizes";
import { upscaleFps } from "./upscale";

describe("spec 4.4 resolution handling by requested short_edge", () => {
  it("maps 768 to base, (768,1440) to 1080p, [1440,2160) to 2K and 2160 to 4K", () => {
    const cases: [number, SizeFamily][] = [[768, "base"], [769, "1080p"], [1024, "1080p"], [1439, "1080p"], [1440, "2k"], [2159, "2k"], [2160, "4k"]];
    for (const [shortEdge, family] of cases) expect(familyForShortEdge(shortEdge), String(shortEdge)).toBe(family);
  });
});

describe("frame sizes (realistic mode)", () => {
  const table: Record<AspectRatio, Record<SizeFamily, string>> = {
    "21:9": { base: "1792x768", "1080p": "2520x1080", "2k": "3360x1440", "4k": "5040x2160" },
    "16:9": { base: "1344x768", "1080p": "1920x1080", "2k": "2560x1440", "4k": "3840x2160" },
    "4:3": { base: "1024x768", "1080p": "1440x1080", "2k": "1920x1440", "4k": "2880x2160" },
    "1:1": { base: "768x768", "1080p": "1080x1080", "2k": "1440x1440", "4k": "2160x2160" },
    "3:4": { base: "768x1024", "1080p": "1080x1440", "2k": "1440x1920", "4k": "2160x2880" },
    "9:16": { base: "768x1344", "1080p": "1080x1920", "2k": "1440x2560", "4k": "2160x3840" },
  };
  it("uses 1344x768 (not 1280x720) for 16:9 at the base edge and keeps the ratio in every family", () => {
    for (const [ratio, families] of Object.entries(table)) {
      for (const [family, expected] of Object.entries(families)) {
        expect(formatResolution(frameSize(ratio as AspectRatio, family as SizeFamily)), `${ratio} ${family}`).toBe(expected);
      }
    }
  });

  it("keeps base sizes on multiples of 64 and fast-mode sizes on multiples of 16", () => {
    for (const ratio of Object.keys(table) as AspectRatio[]) {
      const base = frameSize(ratio, "base");
      expect(base.width % 64 + base.height % 64).toBe(0);
      for (const family of ["base", "1080p", "2k", "4k"] as const) {
        const fast = frameSize(ratio, family, 128 / 768);
        expect(fast.width % 16 + fast.height % 16).toBe(0);
      }
    }
    expect(formatResolution(frameSize("16:9", "base", 128 / 768))).toBe("224x128");
  });
});

describe("upscale frame rate", () => {
  it("keeps 24 fps within the pixel budget, lowers it for 4K, never below 8 fps", () => {
    const settings = { framesPerSecond: 24, upscalePixelBudget: 500_000_000 };
    expect(upscaleFps({ width: 1920, height: 1080 }, 5, settings)).toBe(24);
    expect(upscaleFps({ width: 1920, height: 1080 }, 15, settings)).toBe(16);
    expect(upscaleFps({ width: 3840, height: 2160 }, 5, settings)).toBe(12);
    expect(upscaleFps({ width: 3840, height: 2160 }, 15, settings)).toBe(8);
    expect(upscaleFps({ width: 320, height: 176 }, 15, { framesPerSecond: 8, upscalePixelBudget: 500_000_000 })).toBe(8);
  });
});
