import { describe, expect, it } from "vitest";
import { pageContentSecurityPolicy } from "./headers";

const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `));

describe("pageContentSecurityPolicy", () => {
  it("allows images and video from the studio alone when files stay on its disk", () => {
    const policy = pageContentSecurityPolicy("n0nce", { dev: false });
    expect(directive(policy, "img-src")).toBe("img-src 'self' blob: data:");
    expect(directive(policy, "media-src")).toBe("media-src 'self' blob:");
  });

  it("allows the object store's origin for images and video, and for nothing else", () => {
    const policy = pageContentSecurityPolicy("n0nce", { dev: false, objectStore: "https://studio.s3.eu-west-3.amazonaws.com" });
    expect(directive(policy, "img-src")).toBe("img-src 'self' blob: data: https://studio.s3.eu-west-3.amazonaws.com");
    expect(directive(policy, "media-src")).toBe("media-src 'self' blob: https://studio.s3.eu-west-3.amazonaws.com");
    expect(policy.split("; ").filter((part) => part.includes("amazonaws"))).toHaveLength(2);
  });
});
