import { describe, expect, it } from "vitest";
import { exportBaseName, numberedFileName, slugify } from "./file-names";

describe("export file names", () => {
  it("names a generation's files after its title and id", () => {
    expect(exportBaseName("A red fox in snow, at dawn!", "1a2b3c4d-5e6f-7a8b-9c0d-112233445566")).toBe("a-red-fox-in-snow-at-dawn-1a2b3c4d");
    expect(exportBaseName("Crème brûlée", "ffeeddcc-0000")).toBe("creme-brulee-ffeeddcc");
    expect(exportBaseName("雪の中の狐", "0011aabb")).toBe("beta-0011aabb");
  });

  it("keeps names short and free of path characters", () => {
    const slug = slugify(`../../${"very long title ".repeat(10)}`);
    expect(slug.length).toBeLessThanOrEqual(48);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("numbers files so they list in order", () => {
    expect(numberedFileName(3, 17, "Layer 2", "png")).toBe("03-layer-2.png");
    expect(numberedFileName(1, 4, "Base image", "jpg")).toBe("1-base-image.jpg");
    expect(numberedFileName(1, 1, "", "png")).toBe("1-image.png");
  });
});
