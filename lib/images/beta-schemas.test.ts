import { describe, expect, it } from "vitest";
import { defaultBetaFormValues } from "./beta-form-defaults";
import { BETA_PROMPT_MAX_CHARS, betaFormSchema, type BetaFormInput } from "./beta-schemas";

const PRO = "beta-image-v5.0-pro" as const;
const LITE = "beta-image-v5.0-lite" as const;
const image = (n = 0) => ({ assetId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`, mime: "image/png" as const, bytes: 1000 });
const images = (count: number) => Array.from({ length: count }, (_, index) => image(index));

function parse(overrides: Record<string, unknown>) {
  return betaFormSchema.safeParse({ model: PRO, prompt: "a red fox", size: { method: "tier", tier: "2K" }, ...overrides });
}

/** Each issue as `path: message`, the way the form shows it beside the field. */
function issues(overrides: Record<string, unknown>): string[] {
  const result = parse(overrides);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

const pixels = (width: number, height: number) => ({ method: "pixels" as const, width, height });
const tier = (value: string) => ({ method: "tier" as const, tier: value }) as BetaFormInput["size"];

describe("defaults", () => {
  it("fills every optional control off, PNG, url, no watermark, no images: what the page starts from", () => {
    const result = parse({});
    expect(result.success && result.data).toEqual({ ...defaultBetaFormValues(PRO), prompt: "a red fox" });
    expect(result.data).toMatchObject({ layerDecomposition: false, group: null, webSearch: false, outputFormat: "png", responseFormat: "url", watermark: false, images: [] });
  });

  it("defaultBetaFormValues starts each model at its default tier and parses once a prompt is typed", () => {
    for (const model of [PRO, LITE]) {
      const defaults = defaultBetaFormValues(model);
      expect(defaults.size).toEqual({ method: "tier", tier: "2K" });
      expect(betaFormSchema.safeParse({ ...defaults, prompt: "a fox" }).success).toBe(true);
      expect(betaFormSchema.safeParse(defaults).success).toBe(false);
    }
  });
});

describe("prompt (spec 4.3: at most 600 characters)", () => {
  it("is trimmed and must say something", () => {
    expect(parse({ prompt: "  a fox  " }).data?.prompt).toBe("a fox");
    expect(issues({ prompt: "   " })).toEqual(["prompt: Prompt must not be empty"]);
    expect(issues({ prompt: undefined })).toEqual(["prompt: Prompt is required"]);
  });

  it("600 characters pass, 601 are refused with the count; an emoji counts once", () => {
    expect(BETA_PROMPT_MAX_CHARS).toBe(600);
    expect(issues({ prompt: "a".repeat(600) })).toEqual([]);
    expect(issues({ prompt: "😀".repeat(600) })).toEqual([]);
    expect(issues({ prompt: "a".repeat(601) })).toEqual(["prompt: Prompt must be at most 600 characters (it has 601)"]);
  });
});

describe("size method 1: tiers", () => {
  it.each(["1K", "1.5K", "2K"])("pro accepts %s", (value) => expect(issues({ size: tier(value) })).toEqual([]));
  it.each(["2K", "3K", "4K"])("lite accepts %s", (value) => expect(issues({ model: LITE, size: tier(value) })).toEqual([]));

  it("refuses a tier of the other model, naming the model's tiers", () => {
    expect(issues({ size: tier("4K") })).toEqual(["size.tier: Pro offers size 1K, 1.5K or 2K, not 4K"]);
    expect(issues({ model: LITE, size: tier("1K") })).toEqual(["size.tier: Lite offers size 2K, 3K or 4K, not 1K"]);
  });

  it("auto is only for layer decomposition, where it is accepted", () => {
    expect(issues({ size: tier("auto") })).toEqual(["size.tier: Size tier auto is only for layer decomposition; Pro offers 1K, 1.5K or 2K"]);
    expect(issues({ size: tier("auto"), layerDecomposition: true, images: [image()] })).toEqual([]);
  });

  it("refuses a tier that is none of them", () => {
    expect(issues({ size: tier("8K") })).toEqual(["size.tier: Size tier must be 1K, 1.5K, 2K, 3K, 4K or auto"]);
  });
});

describe("size method 2: width × height at the boundaries (spec 4.3)", () => {
  it.each([
    [PRO, 1280, 720, true], // 921,600: the minimum
    [PRO, 1280, 719, false],
    [PRO, 2830, 1634, true], // 4,624,220: the maximum
    [PRO, 2831, 1634, false],
    [LITE, 2560, 1440, true], // 3,686,400: the minimum
    [LITE, 2560, 1439, false],
    [LITE, 4096, 4096, true], // 16,777,216: the maximum
    [LITE, 4097, 4096, false],
  ] as const)("%s %i×%i within the pixel range: %s", (model, width, height, ok) => {
    expect(issues({ model, size: pixels(width, height) }).length === 0).toBe(ok);
  });

  it("states the range, its examples and the value that fails", () => {
    expect(issues({ size: pixels(2880, 1620) })).toEqual([
      "size: Total pixels must be between 921,600 and 4,624,220 for Pro (1280×720 to about 2150×2150); 2880×1620 is 4,665,600",
    ]);
    expect(issues({ model: LITE, size: pixels(1280, 720) })).toEqual([
      "size: Total pixels must be between 3,686,400 and 16,777,216 for Lite (2560×1440 to 4096×4096); 1280×720 is 921,600",
    ]);
  });

  it.each([
    [PRO, 4800, 300, true], // 16:1 exactly
    [PRO, 4801, 300, false],
    [PRO, 300, 4800, true], // 1:16 exactly
    [PRO, 300, 4801, false],
    [LITE, 8000, 500, true],
    [LITE, 8001, 500, false],
    [LITE, 500, 8000, true],
    [LITE, 500, 8001, false],
  ] as const)("%s %i×%i within the aspect ratio 1/16–16: %s", (model, width, height, ok) => {
    const found = issues({ model, size: pixels(width, height) });
    expect(found.length === 0).toBe(ok);
    if (!ok) expect(found).toEqual([expect.stringMatching(/^size: Aspect ratio must be between 1:16 and 16:1; \d+×\d+ is (about 16\.00\d:1|1:about 16\.00\d)$/)]);
  });

  it("shows the failing ratio precisely enough to tell it from the bound", () => {
    expect(issues({ size: pixels(4801, 300) })).toEqual(["size: Aspect ratio must be between 1:16 and 16:1; 4801×300 is about 16.003:1"]);
  });

  it("sides must be whole positive numbers, named by side", () => {
    expect(issues({ size: pixels(1280.5, 720) })).toEqual(["size.width: Width must be a whole number of pixels"]);
    expect(issues({ size: pixels(1280, 0) })).toEqual(["size.height: Height must be at least 1 px"]);
  });

  it("one method only: a tier with sides keeps the tier alone, a missing method is refused", () => {
    expect(parse({ size: { method: "tier", tier: "2K", width: 1280, height: 720 } as never }).data?.size).toEqual({ method: "tier", tier: "2K" });
    expect(issues({ size: { width: 1280, height: 720 } as never })).toEqual(["size.method: Size must be a resolution tier or a width × height"]);
  });
});

describe("capabilities: each model refuses the other's controls, naming the field", () => {
  it.each([
    [{ layerDecomposition: true, images: [image()] }, "layerDecomposition: Lite does not offer layer decomposition"],
    [{ background: "transparent" }, "background: Lite does not offer a background choice"],
    [{ optimizePrompt: "fast" }, "optimizePrompt: Lite does not offer prompt optimisation"],
  ] as const)("lite refuses %o", (fields, message) => {
    expect(issues({ model: LITE, ...fields })).toEqual([message]);
    expect(issues({ model: PRO, ...fields })).toEqual([]);
  });

  it.each([
    [{ group: { maxImages: 4 } }, "group: Pro does not offer group images"],
    [{ webSearch: true }, "webSearch: Pro does not offer web search"],
  ] as const)("pro refuses %o", (fields, message) => {
    expect(issues({ model: PRO, ...fields })).toEqual([message]);
    expect(issues({ model: LITE, ...fields })).toEqual([]);
  });

  it("group size is 1 to 15 (spec 4.3)", () => {
    expect(issues({ model: LITE, group: { maxImages: 1 } })).toEqual([]);
    expect(issues({ model: LITE, group: { maxImages: 15 } })).toEqual([]);
    expect(issues({ model: LITE, group: { maxImages: 0 } })).toEqual(["group.maxImages: Group size must be between 1 and 15 images"]);
    expect(issues({ model: LITE, group: { maxImages: 16 } })).toEqual(["group.maxImages: Group size must be between 1 and 15 images"]);
  });

  it("a transparent background needs PNG output", () => {
    expect(issues({ background: "transparent", outputFormat: "jpeg" })).toEqual([
      "background: A transparent background needs PNG output: JPEG has no transparency",
    ]);
    expect(issues({ background: "opaque", outputFormat: "jpeg" })).toEqual([]);
  });
});

describe("layer decomposition (pro): tiers only, exactly one image", () => {
  it("refuses width × height", () => {
    expect(issues({ layerDecomposition: true, images: [image()], size: pixels(1280, 720) })).toEqual([
      "size.method: Layer decomposition takes a resolution tier (1K, 1.5K, 2K or auto), not width × height",
    ]);
  });

  it("needs one image and only one", () => {
    expect(issues({ layerDecomposition: true })).toEqual(["images: Layer decomposition needs the image to split: add one reference image"]);
    expect(issues({ layerDecomposition: true, images: images(2) })).toEqual([
      "images: Layer decomposition splits one image; keep one reference image (there are 2)",
    ]);
  });
});

describe("reference images (spec 4.3, 8)", () => {
  it("pro takes 10, lite 14", () => {
    expect(issues({ images: images(10) })).toEqual([]);
    expect(issues({ images: images(11) })).toEqual(["images: Pro takes at most 10 reference images; there are 11"]);
    expect(issues({ model: LITE, images: images(14) })).toEqual([]);
    expect(issues({ model: LITE, images: images(15) })).toEqual(["images: Lite takes at most 14 reference images; there are 15"]);
  });

  it("accepts the spec's formats and names the refused one's field", () => {
    for (const mime of ["image/jpeg", "image/webp", "image/bmp", "image/tiff", "image/gif", "image/heic", "image/heif"]) {
      expect(issues({ images: [{ ...image(), mime }] })).toEqual([]);
    }
    expect(issues({ images: [{ ...image(), mime: "image/avif" }] })).toEqual([
      "images.0.mime: Reference image must be a JPEG, PNG, WebP, BMP, TIFF, GIF, HEIC or HEIF file",
    ]);
    expect(issues({ images: [{ ...image(), assetId: "x" }] })).toEqual(["images.0.assetId: Reference image id must be the id of an uploaded image"]);
  });
});
