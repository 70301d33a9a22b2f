import { describe, expect, it } from "vitest";
import { hasShapeOf } from "./form-draft";

const template = { prompt: "", references: [] as unknown[], seedMode: "random", revise: true };

describe("hasShapeOf", () => {
  it("accepts a draft with the form's fields, each of the same kind", () => {
    expect(hasShapeOf(template, { prompt: "A kite", references: [{ id: "a" }], seedMode: "fixed", revise: false })).toBe(true);
  });

  it("drops a draft from another version of the form, or anything else", () => {
    expect(hasShapeOf(template, { prompt: "A kite", references: [], seedMode: "fixed" })).toBe(false);
    expect(hasShapeOf(template, { prompt: 3, references: [], seedMode: "fixed", revise: true })).toBe(false);
    expect(hasShapeOf(template, { prompt: "", references: {}, seedMode: "fixed", revise: true })).toBe(false);
    expect(hasShapeOf(template, null)).toBe(false);
    expect(hasShapeOf(template, ["prompt"])).toBe(false);
  });
});
