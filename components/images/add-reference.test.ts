import { describe, expect, it } from "vitest";
import { addReference } from "./add-reference";
import type { ReferenceImage } from "./reference-image";

const image = (id: string, patch: Partial<ReferenceImage> = {}): ReferenceImage => ({ id, mime: "image/png", bytes: 1000, url: `/api/assets/${id}`, thumbnailUrl: null, width: 64, height: 64, ...patch });
const rule = { max: 2, mimes: ["image/png", "image/heic"], maxBytes: 5000 };

describe("addReference", () => {
  it("adds an image and says which reference it became", () => {
    expect(addReference([image("a")], image("b"), rule)).toEqual({ references: [image("a"), image("b")], notice: "Added as reference 2 of 2." });
  });

  it("refuses a duplicate, one over the limit, and a type or size the generator does not take", () => {
    expect(addReference([image("a")], image("a"), rule)).toEqual({ references: null, notice: "This image is already a reference." });
    expect(addReference([image("a"), image("b")], image("c"), rule).notice).toBe("At most 2 reference images: remove one to add this image.");
    expect(addReference([], image("c", { mime: "image/avif" }), rule).notice).toBe("Reference images must be PNG or HEIC files of at most 0 MB.");
    expect(addReference([], image("c", { bytes: 6000 }), rule).references).toBeNull();
  });
});
