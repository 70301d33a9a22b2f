import { describe, expect, it } from "vitest";
import { BETA_PATH, control, postJson, useImageEmulator, V35_PATH, V3_PATH, AUTH } from "./test-support";

const bodies: Record<string, unknown> = {
  [V3_PATH]: { model: "alpha-image-v3", prompt: "auth", size: "512x512" },
  [V35_PATH]: {
    model: "alpha-image-v3.5-preview",
    size: "256x256",
    messages: [{ role: "user", content: [{ type: "text", text: "auth" }] }],
  },
  [BETA_PATH]: { model: "beta-image-v5.0-pro", prompt: "auth", size: "1K" },
};

describe("authentication (spec 5) and issued URLs (spec 2.1, 4.1)", () => {
  const host = useImageEmulator();

  const refusals: [string, Record<string, string>][] = [
    ["missing key", {}],
    ["wrong key", { Authorization: "Bearer not-the-key" }],
    ["non-Bearer form", { Authorization: "emulator-key" }],
    ["Basic scheme", { Authorization: "Basic emulator-key" }],
    ["lowercase scheme", { Authorization: "bearer emulator-key" }],
  ];

  for (const path of [V3_PATH, V35_PATH, BETA_PATH]) {
    it.each(refusals)(`${path}: %s gives 401`, async (_, headers) => {
      const { status, body } = await postJson(host.url, path, bodies[path], headers);
      expect(status).toBe(401);
      expect(body.error.code).toBe(path === BETA_PATH ? "Unauthorized" : "invalid_api_key");
    });
  }

  it("accepts any configured key", async () => {
    await control(host.url, "PATCH", "/config", { apiKeys: ["first", "second"] });
    const reply = await postJson(host.url, V3_PATH, bodies[V3_PATH], { Authorization: "Bearer second" });
    expect(reply.status).toBe(200);
  });

  it("generated image URLs need the Bearer key too", async () => {
    const { body } = await postJson(host.url, V3_PATH, bodies[V3_PATH]);
    const url = body.data[0].url;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: "Bearer nope" } })).status).toBe(401);
    const ok = await fetch(url, { headers: AUTH });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    expect((await fetch(`${host.url}/files/${"0".repeat(32)}.png`, { headers: AUTH })).status).toBe(404);
  });

  it("an expired URL is refused (urlLifetimeSeconds: 60, clock moved past it)", async () => {
    await control(host.url, "PATCH", "/config", { urlLifetimeSeconds: 60 });
    const { body } = await postJson(host.url, V3_PATH, bodies[V3_PATH]);
    const url = body.data[0].url;
    await control(host.url, "POST", "/clock", { advanceSeconds: 30 });
    expect((await fetch(url, { headers: AUTH })).status).toBe(200);
    await control(host.url, "POST", "/clock", { advanceSeconds: 30 });
    const expired = await fetch(url, { headers: AUTH });
    expect(expired.status).toBe(403);
    expect((await expired.json()).error.code).toBe("url_expired");
  });

  it("URLs live 12 hours by default (clock moved with POST /__emulator/clock)", async () => {
    const { body } = await postJson(host.url, V3_PATH, bodies[V3_PATH]);
    const url = body.data[0].url;
    await control(host.url, "POST", "/clock", { advanceSeconds: 12 * 3600 - 60 });
    expect((await fetch(url, { headers: AUTH })).status).toBe(200);
    await control(host.url, "POST", "/clock", { advanceSeconds: 61 });
    expect((await fetch(url, { headers: AUTH })).status).toBe(403);
    // An expired URL of our own is no longer usable as an input image either.
    const reuse = await postJson(host.url, V3_PATH, { ...(bodies[V3_PATH] as object), images: [url] });
    expect(reuse.status).toBe(400);
  });
});
