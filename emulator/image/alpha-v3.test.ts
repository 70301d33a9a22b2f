import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { closestPreset, statedShape, V3_PRESETS } from "./sizes";
import {
  AUTH,
  control,
  dataUrl,
  download,
  eventually,
  heldRequest,
  meanDifference,
  postJson,
  regionMean,
  solidImage,
  startImageHost,
  useImageEmulator,
  V3_PATH,
} from "./test-support";

const valid = { model: "alpha-image-v3", prompt: "a lighthouse at dusk", size: "512x512", seed: 42 };

describe("alpha v3 (spec 4.1, 2.1, 7.1, 8)", () => {
  const host = useImageEmulator();
  const generate = (body: Record<string, unknown>) => postJson(host.url, V3_PATH, body);
  const expect400 = async (body: Record<string, unknown>, param: string) => {
    const reply = await generate(body);
    expect(reply.status).toBe(400);
    expect(reply.body.error.param).toBe(param);
  };


  it("returns every field of 2.1 and a downloadable PNG of the requested size", async () => {
    const { status, body } = await generate({ ...valid, size: "768x1024" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: expect.any(String), created: expect.any(Number), request_id: expect.any(String) });
    expect(body.gateway_usage.total_tokens).toBeGreaterThan(0);
    expect(body.data).toHaveLength(1);
    expect(body.data[0].revised_prompt).toBeUndefined();
    const meta = await sharp(await download(body.data[0].url)).metadata();
    expect(meta).toMatchObject({ format: "png", width: 768, height: 1024 });
  });

  it("rejects a wrong or missing model", async () => {
    await expect400({ ...valid, model: "alpha-image-v3.5-preview" }, "model");
    await expect400({ ...valid, model: undefined }, "model");
  });

  it("prompt: required, at most 8192 characters", async () => {
    await expect400({ ...valid, prompt: "" }, "prompt");
    await expect400({ ...valid, prompt: "x".repeat(8193) }, "prompt");
    expect((await generate({ ...valid, prompt: "x".repeat(8192) })).status).toBe(200);
  });

  it("size: format, sides within [512, 2048], area at most 1024x1024", async () => {
    for (const size of ["512*512", "512x", "abc", "0x512"]) await expect400({ ...valid, size }, "size");
    await expect400({ ...valid, size: "511x512" }, "size");
    await expect400({ ...valid, size: "2049x512" }, "size");
    await expect400({ ...valid, size: "1024x1040" }, "size");
    expect((await generate({ ...valid, size: "2048x512" })).status).toBe(200);
  });

  it("seed: integer within [1, 4294967295], 0 means random", async () => {
    await expect400({ ...valid, seed: -1 }, "seed");
    await expect400({ ...valid, seed: 4_294_967_296 }, "seed");
    await expect400({ ...valid, seed: 1.5 }, "seed");
    expect((await generate({ ...valid, seed: 4_294_967_295 })).status).toBe(200);
    expect((await generate({ ...valid, seed: 0 })).status).toBe(200);
  });

  it("same prompt + seed + size gives a byte-identical image; another prompt or seed does not", async () => {
    const [a, b, otherPrompt, otherSeed] = await Promise.all([
      generate(valid),
      generate(valid),
      generate({ ...valid, prompt: "a lighthouse at dawn" }),
      generate({ ...valid, seed: 43 }),
    ]);
    const [bytesA, bytesB, bytesPrompt, bytesSeed] = await Promise.all(
      [a, b, otherPrompt, otherSeed].map((reply) => download(reply.body.data[0].url)),
    );
    expect(bytesA.equals(bytesB)).toBe(true);
    expect(bytesA.equals(bytesPrompt)).toBe(false);
    expect(bytesA.equals(bytesSeed)).toBe(false);
    expect(await meanDifference(bytesA, bytesPrompt)).toBeGreaterThan(10);
  });

  it("footnote: at most 16 characters (code points), drawn bottom right", async () => {
    await expect400({ ...valid, footnote: "x".repeat(17) }, "footnote");
    await expect400({ ...valid, footnote: "😀".repeat(17) }, "footnote");
    expect((await generate({ ...valid, footnote: "😀".repeat(16) })).status).toBe(200);
    const [plain, marked] = await Promise.all([generate(valid), generate({ ...valid, footnote: "studio" })]);
    const [plainBytes, markedBytes] = await Promise.all([download(plain.body.data[0].url), download(marked.body.data[0].url)]);
    const corner = { left: 0.8, top: 0.9, width: 0.2, height: 0.1 };
    const elsewhere = { left: 0, top: 0.4, width: 0.5, height: 0.4 };
    const plainCorner = await regionMean(plainBytes, corner);
    const markedCorner = await regionMean(markedBytes, corner);
    expect(Math.max(...markedCorner.map((v, i) => Math.abs(v - plainCorner[i])))).toBeGreaterThan(10);
    expect(await regionMean(markedBytes, elsewhere)).toEqual(await regionMean(plainBytes, elsewhere));
  });

  it("revise returns a revised_prompt", async () => {
    const { status, body } = await generate({ ...valid, revise: true });
    expect(status).toBe(200);
    expect(body.data[0].revised_prompt).toContain(valid.prompt);
    await expect400({ ...valid, revise: "yes" }, "revise");
  });

  it("without size picks the closest of the 37 presets from the prompt, else 1024x1024", async () => {
    expect(V3_PRESETS).toHaveLength(37);
    const sizeOf = async (prompt: string) => {
      const { body } = await generate({ model: "alpha-image-v3", prompt, seed: 1 });
      const meta = await sharp(await download(body.data[0].url)).metadata();
      return `${meta.width}x${meta.height}`;
    };
    expect(await sizeOf("a city skyline, 16:9")).toBe("1280x720");
    expect(await sizeOf("a portrait of a sailor")).toBe("768x1024");
    expect(await sizeOf("a banner 3000x1000")).toBe("1536x512");
    expect(await sizeOf("a bowl of fruit")).toBe("1024x1024");
  });

  it("preset choice unit: ratio first, then area", () => {
    expect(closestPreset({ ratio: 4 })).toEqual({ width: 2048, height: 512 });
    expect(closestPreset({ ratio: 1 / 4 })).toEqual({ width: 512, height: 2048 });
    expect(closestPreset(statedShape("shot at 1024x768") ?? { ratio: 1 })).toEqual({ width: 1024, height: 768 });
    expect(statedShape("nothing stated")).toBeUndefined();
  });

  it("reference images: 0 to 3, png/jpeg, as own URL, data URL, bare Base64 or public URL", async () => {
    const red = await solidImage(64, 64, [255, 0, 0]);
    const blueJpeg = await solidImage(64, 64, [0, 0, 255], "jpeg");
    const host = await startImageHost({ "/green.png": await solidImage(64, 64, [0, 255, 0]) });
    try {
      const first = await generate(valid);
      const { status, body } = await generate({
        ...valid,
        images: [first.body.data[0].url, dataUrl(red), blueJpeg.toString("base64")],
      });
      expect(status).toBe(200);
      const withRefs = await download(body.data[0].url);
      // Thumbnails are drawn bottom left: the second one is the red reference.
      const thumbnail = await regionMean(withRefs, { left: 0.27, top: 0.8, width: 0.12, height: 0.12 });
      expect(thumbnail[0]).toBeGreaterThan(200);
      expect(thumbnail[1]).toBeLessThan(40);
      expect((await generate({ ...valid, images: [`${host.url}/green.png`] })).status).toBe(200);
      await expect400({ ...valid, images: [`${host.url}/missing.png`] }, "images[0]");
    } finally {
      await host.close();
    }
    await expect400({ ...valid, images: [dataUrl(red), dataUrl(red), dataUrl(red), dataUrl(red)] }, "images");
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } }).gif().toBuffer();
    await expect400({ ...valid, images: [dataUrl(gif, "gif")] }, "images[0]");
    await expect400({ ...valid, images: ["not an image"] }, "images[0]");
  });

  it("reference images: each at most 10 MB", async () => {
    const png = await solidImage(16, 16, [1, 2, 3]);
    const padded = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    await expect400({ ...valid, images: [dataUrl(padded)] }, "images[0]");
  });

  it("moderation: a blocklisted prompt gives 422", async () => {
    const { status, body } = await generate({ ...valid, prompt: "something FORBIDDEN here" });
    expect(status).toBe(422);
    expect(body.error.code).toBe("content_filter");
    await control(host.url, "PATCH", "/config", { moderationBlocklist: ["output:risky"] });
    expect((await generate({ ...valid, prompt: "risky output" })).status).toBe(422);
  });

  it("above imageConcurrency in-flight requests gives 429 with Retry-After", async () => {
    await control(host.url, "PATCH", "/config", { imageConcurrency: 1 });
    const held = heldRequest(host.url + V3_PATH, AUTH, valid);
    let refused: Response | undefined;
    const sawRefusal = await eventually(async () => {
      const response = await fetch(host.url + V3_PATH, {
        method: "POST",
        headers: { ...AUTH, "Content-Type": "application/json" },
        body: JSON.stringify(valid),
      });
      if (response.status !== 429) return false;
      refused = response;
      return true;
    });
    held.finish();
    expect(sawRefusal).toBe(true);
    expect(refused?.headers.get("retry-after")).toBe("1");
    expect((await held.response).status).toBe(200);
    expect((await generate(valid)).status).toBe(200);
  });

  it("rejects a body that is not JSON or not sent as application/json", async () => {
    const wrongType = await fetch(host.url + V3_PATH, { method: "POST", headers: AUTH, body: JSON.stringify(valid) });
    expect(wrongType.status).toBe(400);
    const malformed = await fetch(host.url + V3_PATH, {
      method: "POST",
      headers: { ...AUTH, "Content-Type": "application/json" },
      body: "{",
    });
    expect(malformed.status).toBe(400);
  });
});
