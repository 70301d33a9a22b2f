import { describe, expect, it } from "vitest";
import { fieldProblems } from "@/lib/errors";
import { comparisonFormSchema } from "./comparison-schemas";

const problems = (input: unknown) => {
  const result = comparisonFormSchema.safeParse(input);
  return result.success ? [] : fieldProblems(result.error);
};

describe("comparisonFormSchema", () => {
  it("says once that an empty prompt is refused, not once per model", () => {
    expect(problems({ prompt: "  ", members: [{ model: "alpha-v3" }, { model: "beta-pro" }] })).toEqual([{ field: "prompt", message: "Prompt must not be empty" }]);
  });

  it("checks each member's settings with its model's own schema, naming the member's field", () => {
    expect(problems({ prompt: "a fox", members: [{ model: "alpha-v3", settings: { size: "10x10" } }, { model: "beta-pro" }] }).map((problem) => problem.field)).toEqual([
      "members.0.settings.size",
      "members.0.settings.size",
    ]);
  });

  it("starts each member as one image, with its model's defaults", () => {
    const result = comparisonFormSchema.parse({ prompt: " a fox ", members: [{ model: "alpha-v3", settings: { variations: 4 } }, { model: "beta-lite" }] });
    expect(result.prompt).toBe("a fox");
    expect(result.members.map((member) => [member.model, "variations" in member.form ? member.form.variations : null])).toEqual([
      ["alpha-v3", 1],
      ["beta-lite", 1],
    ]);
  });
});
