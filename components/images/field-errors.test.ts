import { describe, expect, it } from "vitest";
import { heldReason } from "./field-errors";

const FIELDS = ["prompt", "size", "seed"] as const;
const LABELS = { prompt: "prompt", size: "size", seed: "seed" };

describe("why a form's send button is off", () => {
  it("points to the first field in the form's order that shows a broken rule", () => {
    expect(heldReason("Generate", FIELDS, LABELS, { seed: ["Seed must be a whole number"], size: ["Width must be at least 256"] })).toBe("Generate is off: see the size above.");
  });

  it("holds nothing while no field shows a rule, nor for a field whose list is empty", () => {
    expect(heldReason("Generate", FIELDS, LABELS, {})).toBeUndefined();
    expect(heldReason("Generate", FIELDS, LABELS, { prompt: [], size: [], seed: [] })).toBeUndefined();
  });

  it("names the button as it reads", () => {
    expect(heldReason("Generate video", FIELDS, LABELS, { prompt: ["Prompt must not be empty"] })).toBe("Generate video is off: see the prompt above.");
  });
});
