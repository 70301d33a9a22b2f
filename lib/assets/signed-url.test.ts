import { beforeAll, describe, expect, it } from "vitest";
import { signAssetPath, verifyAssetSignature } from "./signed-url";

beforeAll(() => {
  process.env.ASSET_SIGNING_KEY = "k".repeat(40);
  process.env.AUTH_SECRET = "s".repeat(40);
});

function parts(pathWithQuery: string) {
  const url = new URL(pathWithQuery, "http://studio.test");
  return { id: url.pathname.split("/").pop()!, exp: url.searchParams.get("exp"), sig: url.searchParams.get("sig") };
}

describe("signed asset links (spec 4.2 rule 4)", () => {
  const now = Date.UTC(2026, 10, 22, 12);

  it("verifies its own link until it expires", () => {
    const { id, exp, sig } = parts(signAssetPath("asset-1", 3600, now));
    expect(id).toBe("asset-1");
    expect(verifyAssetSignature(id, exp, sig, now + 3599_000)).toBe(true);
    expect(verifyAssetSignature(id, exp, sig, now + 3601_000)).toBe(false);
  });

  it("refuses a link for another asset, a changed expiry or a missing signature", () => {
    const { exp, sig } = parts(signAssetPath("asset-1", 3600, now));
    expect(verifyAssetSignature("asset-2", exp, sig, now)).toBe(false);
    expect(verifyAssetSignature("asset-1", String(Number(exp) + 3600), sig, now)).toBe(false);
    expect(verifyAssetSignature("asset-1", exp, null, now)).toBe(false);
    expect(verifyAssetSignature("asset-1", "soon", sig, now)).toBe(false);
  });
});
