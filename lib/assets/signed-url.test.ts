import { beforeAll, describe, expect, it } from "vitest";
import { signAssetPath, verifyAssetSignature, withoutSignedLinks } from "./signed-url";

beforeAll(() => {
  process.env.ASSET_SIGNING_KEY = "k".repeat(40);
  process.env.AUTH_SECRET = "s".repeat(40);
});

function parts(pathWithQuery: string) {
  const url = new URL(pathWithQuery, "http://studio.test");
  return { id: url.pathname.split("/").pop()!, exp: url.searchParams.get("exp"), sig: url.searchParams.get("sig"), job: url.searchParams.get("job") };
}

describe("signed asset links (spec 4.2 rule 4)", () => {
  const now = Date.UTC(2026, 10, 22, 12);

  it("verifies its own link until it expires", () => {
    const { id, exp, sig } = parts(signAssetPath("asset-1", 3600, now));
    expect(id).toBe("asset-1");
    expect(verifyAssetSignature(id, { exp, sig }, now + 3599_000)).toEqual({ videoJobId: null });
    expect(verifyAssetSignature(id, { exp, sig }, now + 3601_000)).toBeNull();
  });

  it("refuses a link for another asset, a changed expiry or a missing signature", () => {
    const { exp, sig } = parts(signAssetPath("asset-1", 3600, now));
    expect(verifyAssetSignature("asset-2", { exp, sig }, now)).toBeNull();
    expect(verifyAssetSignature("asset-1", { exp: String(Number(exp) + 3600), sig }, now)).toBeNull();
    expect(verifyAssetSignature("asset-1", { exp, sig: null }, now)).toBeNull();
    expect(verifyAssetSignature("asset-1", { exp: "soon", sig }, now)).toBeNull();
  });

  it("binds a link to the video job it names: the job cannot be dropped, added or swapped", () => {
    const bound = parts(signAssetPath("asset-1", 3600, now, "job-1"));
    expect(verifyAssetSignature("asset-1", bound, now)).toEqual({ videoJobId: "job-1" });
    expect(verifyAssetSignature("asset-1", { ...bound, job: null }, now)).toBeNull();
    expect(verifyAssetSignature("asset-1", { ...bound, job: "job-2" }, now)).toBeNull();
    const unbound = parts(signAssetPath("asset-1", 3600, now));
    expect(verifyAssetSignature("asset-1", { ...unbound, job: "job-1" }, now)).toBeNull();
  });
});

describe("withoutSignedLinks", () => {
  it("reduces every signed studio asset link in upstream JSON to the studio's own address, leaving the rest", () => {
    const id = "0b6f8a52-3f1e-4a53-9d43-0d0f4c1f8e21";
    const signed = `https://studio.example${signAssetPath(id, 3600, Date.UTC(2026, 10, 22), "job-1")}`;
    const echo = {
      prompt: "a boat",
      seed: 7,
      conditions: [{ type: "image", uri: signed, role: "keyframe", frame_index: 0 }, { type: "audio", uri: "data:audio/wav;base64,AAAA", role: "reference" }],
      note: `could not fetch ${signed} (HTTP 404)`,
    };
    const clean = withoutSignedLinks(echo);
    expect(clean.conditions[0].uri).toBe(`/api/assets/${id}`);
    expect(clean.conditions[1].uri).toBe("data:audio/wav;base64,AAAA");
    expect(clean.note).toBe(`could not fetch /api/assets/${id} (HTTP 404)`);
    expect(clean).toMatchObject({ prompt: "a boat", seed: 7 });
    expect(JSON.stringify(clean)).not.toMatch(/sig=|exp=/);
  });
});
