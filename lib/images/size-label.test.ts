import { describe, expect, it } from "vitest";
import { sizeLabel } from "./size-label";

describe("an image size as the studio names it", () => {
  it("names a size left to the model, marks width by height with ×, and leaves a tier as it is", () => {
    expect(sizeLabel("auto")).toBe("Model's choice");
    expect(sizeLabel("1024x768")).toBe("1024×768");
    expect(sizeLabel("2K")).toBe("2K");
  });
});
