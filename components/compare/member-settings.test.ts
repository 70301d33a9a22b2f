import { describe, expect, it } from "vitest";
import type { ComparisonModel } from "@/lib/comparisons/comparison-models";
import { comparisonFormSchema } from "@/lib/comparisons/comparison-schemas";
import { fieldProblems } from "@/lib/errors";
import { sizeLabel } from "@/lib/images/size-label";
import { defaultChoice, settingsOf, SIZE_OPTIONS, type MemberChoice } from "./member-settings";

const member = (model: ComparisonModel, change: Partial<MemberChoice> = {}) => ({ model, settings: settingsOf(model, { ...defaultChoice(model), ...change }) });

describe("each model's own settings on the compare form", () => {
  it("sends each model what its own page offers, and the shared schema passes them to that model's form", () => {
    const parsed = comparisonFormSchema.parse({
      prompt: "a paper lantern",
      members: [
        member("alpha-v3", { seed: "1234", footnote: "Studio", revise: false, webSearch: true }),
        member("alpha-v3.5", { seed: "9223372036854775807", footnote: "Studio" }),
        member("beta-pro", { background: "transparent", optimizePrompt: "fast", watermark: true, webSearch: true }),
        member("beta-lite", { webSearch: true, outputFormat: "jpeg", background: "opaque", optimizePrompt: "fast" }),
      ],
    });
    const [alphaV3, alphaV35, pro, lite] = parsed.members.map((entry) => entry.form as Record<string, unknown>);
    expect(alphaV3).toMatchObject({ seed: 1234, footnote: "Studio", revise: false });
    expect(alphaV3).not.toHaveProperty("webSearch");
    expect(alphaV35).toMatchObject({ seed: "9223372036854775807", footnote: "Studio" });
    expect(pro).toMatchObject({ background: "transparent", optimizePrompt: "fast", watermark: true, outputFormat: "png", webSearch: false });
    // Lite offers neither a background nor prompt optimisation: the form does not send what it cannot do.
    expect(lite).toMatchObject({ webSearch: true, outputFormat: "jpeg" });
    expect(lite).not.toHaveProperty("background");
    expect(lite).not.toHaveProperty("optimizePrompt");
  });

  it("names each size as the model's own page does", () => {
    expect(SIZE_OPTIONS["alpha-v3"].map(sizeLabel)).toEqual(["Model's choice", "1024×1024", "1280×720", "720×1280", "1024×768", "768×1024"]);
  });

  it("leaves an empty seed and footnote to the model (random seed, no footnote)", () => {
    const [alphaV3] = comparisonFormSchema.parse({ prompt: "a fox", members: [member("alpha-v3"), member("beta-lite")] }).members;
    expect(alphaV3.form).toMatchObject({ seed: undefined, footnote: undefined, size: "auto" });
  });

  it("refuses a member's setting naming the model and the field, in the browser as on the server", () => {
    const problems = (members: unknown[]) => {
      const result = comparisonFormSchema.safeParse({ prompt: "a fox", members });
      return result.success ? [] : fieldProblems(result.error);
    };
    expect(problems([member("beta-lite"), member("alpha-v3", { seed: "12x" })])).toEqual([
      { field: "members.1.settings.seed", message: "Alpha v3: Seed must be a whole number between 1 and 4294967295, or empty for random" },
    ]);
    expect(problems([member("alpha-v3.5", { footnote: "a footnote far too long" }), member("beta-lite")])).toEqual([
      { field: "members.0.settings.footnote", message: expect.stringMatching(/^Alpha v3\.5 \(first turn\): Footnote must be at most/) },
    ]);
    expect(problems([member("alpha-v3"), { model: "beta-lite", settings: { background: "transparent" } }])).toEqual([
      { field: "members.1.settings.background", message: expect.stringMatching(/^Beta Lite: /) },
    ]);
  });
});
