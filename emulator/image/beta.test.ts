import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  AUTH,
  BETA_PATH,
  V3_PATH,
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
} from "./test-support";

const PRO = "beta-image-v5.0-pro";
const LITE = "beta-image-v5.0-lite";
const pro = (extra: Record<string, unknown> = {}) => ({ model: PRO, prompt: "a glass teapot", size: "1K", ...extra });
const lite = (extra: Record<string, unknown> = {}) => ({ model: LITE, prompt: "a glass teapot", size: "2560x1440", ...extra });

/** A BMP header is enough for the size rules (sharp cannot decode BMP, so the emulator reads the header). */
function bmpHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(54);
  header.write("BM", 0, "latin1");
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  return header;
}

describe("beta (spec 4.3, 2.4, 7.2, 8)", () => {
  const host = useImageEmulator();
  const generate = (body: Record<string, unknown>) => postJson(host.url, BETA_PATH, body);
  const expectCode = async (body: Record<string, unknown>, code: string, status = 400, param?: string) => {
    const reply = await generate(body);
    expect(reply.body.error?.code).toBe(code);
    expect(reply.status).toBe(status);
    expect(reply.body.request_id).toEqual(expect.any(String));
    if (param !== undefined) expect(reply.body.error.param).toBe(param);
  };
  const sizeOfItem = async (item: any) => {
    const meta = await sharp(item.url ? await download(item.url) : Buffer.from(item.b64_json, "base64")).metadata();
    return `${meta.width}x${meta.height}`;
  };


  it("answers with the fields of 2.4 and a real PNG", async () => {
    const { status, body } = await generate(pro());
    expect(status).toBe(200);
    expect(body).toMatchObject({ model: PRO, created: expect.any(Number), request_id: expect.any(String) });
    expect(new Date(body.created_at).getTime() / 1000).toBe(body.created);
    expect(body.gateway_usage.total_tokens).toBeGreaterThan(0);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ size: "1024x1024", output_format: "png", url: expect.stringMatching(/^http/) });
    expect(await sizeOfItem(body.data[0])).toBe("1024x1024");
  });

  it("one prompt always gives the same image; another prompt a different one", async () => {
    const [a, b, c] = await Promise.all([generate(pro()), generate(pro()), generate(pro({ prompt: "a tin teapot" }))]);
    const [bytesA, bytesB, bytesC] = await Promise.all([a, b, c].map((reply) => download(reply.body.data[0].url)));
    expect(bytesA.equals(bytesB)).toBe(true);
    expect(await meanDifference(bytesA, bytesC)).toBeGreaterThan(10);
  });

  it("model and prompt: FieldLacking when missing, FieldInvalid when wrong, prompt at most 600 characters", async () => {
    await expectCode(pro({ model: undefined }), "FieldLacking", 400, "model");
    await expectCode(pro({ model: "beta-image-v4" }), "FieldInvalid", 400, "model");
    await expectCode(pro({ prompt: undefined }), "FieldLacking", 400, "prompt");
    await expectCode(pro({ prompt: "  " }), "FieldLacking", 400, "prompt");
    await expectCode(pro({ prompt: 12 }), "FieldInvalid", 400, "prompt");
    await expectCode(pro({ prompt: "é".repeat(601) }), "FieldInvalid", 400, "prompt");
    expect((await generate(pro({ prompt: "é".repeat(600) }))).status).toBe(200);
  });

  it("a field the model does not support, or an unknown field, is FieldUnwanted", async () => {
    const image = dataUrl(await solidImage(64, 64, [9, 9, 9]));
    await expectCode(lite({ layer_decomposition: true, images: [image] }), "FieldUnwanted", 400, "layer_decomposition");
    await expectCode(lite({ background: "transparent" }), "FieldUnwanted", 400, "background");
    await expectCode(lite({ optimize_prompt_options: { mode: "fast" } }), "FieldUnwanted", 400, "optimize_prompt_options.mode");
    await expectCode(pro({ sequential_image_generation: "auto" }), "FieldUnwanted", 400, "sequential_image_generation");
    await expectCode(pro({ sequential_image_generation_options: { max_images: 2 } }), "FieldUnwanted", 400, "sequential_image_generation_options");
    await expectCode(pro({ tools: { type: "web_search" } }), "FieldUnwanted", 400, "tools");
    await expectCode(pro({ n: 2 }), "FieldUnwanted", 400, "n");
    expect((await generate(pro({ optimize_prompt_options: { mode: "standard" }, background: "opaque" }))).status).toBe(200);
    expect((await generate(lite({ tools: { type: "web_search" }, optimize_prompt_options: {} }))).status).toBe(200);
    await expectCode(lite({ tools: { type: "code" } }), "FieldInvalid", 400, "tools");
  });

  it("size method 1: resolution tiers per model, ratio from the prompt", async () => {
    const tierSize = async (body: Record<string, unknown>) => sizeOfItem((await generate(body)).body.data[0]);
    expect(await tierSize(pro({ size: "1.5K" }))).toBe("1536x1536");
    expect(await tierSize(pro({ size: "1K", prompt: "a wide street, 16:9" }))).toBe("1360x768");
    expect(await tierSize(pro({ size: undefined }))).toBe("2048x2048");
    await expectCode(pro({ size: "4K" }), "FieldInvalid", 400, "size");
    await expectCode(lite({ size: "1K" }), "FieldInvalid", 400, "size");
    await expectCode(pro({ size: "auto" }), "FieldInvalid", 400, "size");
  });

  it("size method 2: pixel ranges and aspect-ratio bounds per model", async () => {
    expect((await generate(pro({ size: "1280x720" }))).status).toBe(200);
    await expectCode(pro({ size: "1279x720" }), "PageSizeOutOfRange", 400, "size");
    await expectCode(pro({ size: "2048x2258" }), "PageSizeOutOfRange", 400, "size");
    await expectCode(pro({ size: "4352x240" }), "PageSizeOutOfRange", 400, "size");
    await expectCode(lite({ size: "2048x1440" }), "PageSizeOutOfRange", 400, "size");
    await expectCode(lite({ size: "4097x4096" }), "PageSizeOutOfRange", 400, "size");
    const lone = await generate(lite({ size: undefined }));
    expect(lone.body.data[0].size).toBe("2048x2048");
  });

  it("the two size methods cannot be combined", async () => {
    await expectCode(pro({ size: "2K 2048x2048" }), "FieldInvalid", 400, "size");
    await expectCode(pro({ size: "1K:1024x1024" }), "FieldInvalid", 400, "size");
    await expectCode(pro({ size: "big" }), "FieldInvalid", 400, "size");
  });

  it("reference image counts: at most 10 (pro) and 14 (lite)", async () => {
    const small = dataUrl(await solidImage(16, 16, [10, 20, 30]));
    await expectCode(pro({ images: Array(11).fill(small) }), "FieldItemCountOutOfRange", 400, "images");
    expect((await generate(pro({ images: Array(10).fill(small) }))).status).toBe(200);
    await expectCode(lite({ images: Array(15).fill(small) }), "FieldItemCountOutOfRange", 400, "images");
    expect((await generate(lite({ images: Array(14).fill(small) }))).status).toBe(200);
  });

  it("input image rules: formats, at least 14x14, at most 36 MP, ratio within 1:16..16:1", async () => {
    const gif = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#f00" } }).gif().toBuffer();
    const webp = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#0f0" } }).webp().toBuffer();
    const tiff = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#00f" } }).tiff().toBuffer();
    const jpeg = await solidImage(32, 32, [1, 1, 1], "jpeg");
    const images = [dataUrl(gif, "gif"), dataUrl(webp, "webp"), dataUrl(tiff, "tiff"), dataUrl(bmpHeader(40, 40), "bmp"), dataUrl(jpeg, "jpeg")];
    expect((await generate(pro({ images }))).status).toBe(200);
    await expectCode(pro({ images: [dataUrl(Buffer.from("definitely not an image at all"))] }), "ImageFormatInvalid", 400, "images[0]");
    await expectCode(pro({ images: [`data:image/PNG;base64,${(await solidImage(16, 16, [0, 0, 0])).toString("base64")}`] }), "ImageFormatInvalid");
    await expectCode(pro({ images: [dataUrl(await solidImage(13, 20, [0, 0, 0]))] }), "ImageSizeInvalid", 400, "images[0]");
    await expectCode(pro({ images: [dataUrl(await solidImage(238, 14, [0, 0, 0]))] }), "ImageSizeInvalid");
    await expectCode(pro({ images: [dataUrl(bmpHeader(7000, 6000), "bmp")] }), "ImageSizeInvalid");
    await expectCode(pro({ images: ["ftp://example.invalid/a.png"] }), "FieldInvalid", 400, "images[0]");
  });

  it("input image rules: each at most 30 MB, unreachable URL is ImageDownloadFailure, body at most 20 MB", async () => {
    const host = await startImageHost({ "/huge.png": Buffer.alloc(30 * 1024 * 1024 + 1) });
    try {
      await expectCode(pro({ images: [`${host.url}/huge.png`] }), "ImageSizeInvalid", 400, "images[0]");
      await expectCode(pro({ images: [`${host.url}/missing.png`] }), "ImageDownloadFailure", 400, "images[0]");
    } finally {
      await host.close();
    }
    const bigBody = await generate(pro({ images: [dataUrl(Buffer.alloc(16 * 1024 * 1024))] }));
    expect(bigBody.status).toBe(413);
    expect(bigBody.body.error.code).toBe("BadRequest");
  });

  it("response_format b64_json and output_format jpeg", async () => {
    const { body } = await generate(pro({ response_format: "b64_json", output_format: "jpeg" }));
    expect(body.data[0].url).toBeUndefined();
    expect(body.data[0].output_format).toBe("jpeg");
    expect((await sharp(Buffer.from(body.data[0].b64_json, "base64")).metadata()).format).toBe("jpeg");
    await expectCode(pro({ response_format: "binary" }), "FieldInvalid", 400, "response_format");
    await expectCode(pro({ output_format: "webp" }), "FieldInvalid", 400, "output_format");
  });

  it("background transparent (pro): a PNG with transparent pixels; not with jpeg", async () => {
    const { body } = await generate(pro({ background: "transparent", response_format: "b64_json" }));
    const bytes = Buffer.from(body.data[0].b64_json, "base64");
    const stats = await sharp(bytes).stats();
    expect(stats.channels).toHaveLength(4);
    expect(stats.channels[3].min).toBe(0);
    await expectCode(pro({ background: "transparent", output_format: "jpeg" }), "FieldInvalid", 400, "background");
    await expectCode(pro({ background: "glass" }), "FieldInvalid", 400, "background");
  });

  it("watermark: an AI-generated mark bottom right unless false (default true, our choice)", async () => {
    const [marked, plain] = await Promise.all([generate(pro()), generate(pro({ watermark: false }))]);
    const [markedBytes, plainBytes] = await Promise.all([download(marked.body.data[0].url), download(plain.body.data[0].url)]);
    const corner = { left: 0.75, top: 0.93, width: 0.25, height: 0.07 };
    const [a, b] = await Promise.all([regionMean(markedBytes, corner), regionMean(plainBytes, corner)]);
    expect(Math.max(...a.map((v, i) => Math.abs(v - b[i])))).toBeGreaterThan(10);
    await expectCode(pro({ watermark: "yes" }), "FieldInvalid", 400, "watermark");
  });

  it("editing: with an input image the result is derived from it", async () => {
    const green = dataUrl(await solidImage(512, 512, [0, 200, 0]));
    const { body } = await generate(pro({ images: [green], prompt: "add a sunset" }));
    const [r, g, b] = await regionMean(await download(body.data[0].url), { left: 0.1, top: 0.4, width: 0.8, height: 0.3 });
    expect(g).toBeGreaterThan(180);
    expect(r + b).toBeLessThan(30);
  });

  it("layer decomposition (pro): a base plus layers with real alpha that composite back onto the base", async () => {
    const source = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#204080" } })
      .composite([{ input: await solidImage(300, 300, [250, 200, 0]), left: 500, top: 150 }])
      .png()
      .toBuffer();
    const { status, body } = await generate(
      pro({ size: "1K", layer_decomposition: true, images: [dataUrl(source)], prompt: "split into 3 layers" }),
    );
    expect(status).toBe(200);
    expect(body.data).toHaveLength(4);
    const [baseItem, ...layerItems] = body.data;
    expect(baseItem).toMatchObject({ role: "base", output_format: "png" });
    const base = await download(baseItem.url);
    const baseMeta = await sharp(base).metadata();
    // Base: tier area, source aspect ratio (3:2).
    expect((baseMeta.width ?? 0) / (baseMeta.height ?? 1)).toBeCloseTo(1.5, 1);
    const overlays = [];
    for (const [index, item] of layerItems.entries()) {
      expect(item).toMatchObject({ role: "layer", layer_index: index + 1, output_format: "png" });
      const layer = await download(item.url);
      const stats = await sharp(layer).stats();
      expect(stats.channels).toHaveLength(4);
      expect(stats.channels[3].min).toBe(0);
      expect(stats.channels[3].max).toBe(255);
      const { x, y, width, height } = item.bbox;
      expect(item.size).not.toBe(`${width}x${height}`);
      overlays.push({ input: await sharp(layer).resize(width, height, { kernel: "nearest" }).png().toBuffer(), left: x, top: y });
    }
    const recomposed = await sharp(base).composite(overlays).png().toBuffer();
    const sourceAtBaseSize = await sharp(source).resize(baseMeta.width, baseMeta.height, { fit: "fill" }).png().toBuffer();
    expect(await meanDifference(recomposed, sourceAtBaseSize, 128)).toBeLessThan(3);
    expect(await meanDifference(base, sourceAtBaseSize, 128)).toBeGreaterThan(await meanDifference(recomposed, sourceAtBaseSize, 128));
  });

  it("layer decomposition rules: needs exactly one image, tier sizes only, at most 16 layers", async () => {
    const image = dataUrl(await solidImage(256, 256, [50, 60, 70]));
    await expectCode(pro({ layer_decomposition: true }), "FieldLacking", 400, "images");
    await expectCode(pro({ layer_decomposition: true, images: [image, image] }), "FieldItemCountOutOfRange", 400, "images");
    await expectCode(pro({ layer_decomposition: true, images: [image], size: "1280x720" }), "FieldInvalid", 400, "size");
    const many = await generate(pro({ layer_decomposition: true, images: [image], size: "1K", prompt: "20 layers please" }));
    expect(many.body.data).toHaveLength(17);
    const auto = await generate(pro({ layer_decomposition: true, images: [image], size: undefined, response_format: "b64_json" }));
    expect(auto.body.data[0].size).toBe("1024x1024");
  });

  it("group generation (lite): 1..max_images related images", async () => {
    const group = await generate(
      lite({ prompt: "a set of 4 images of a lantern", sequential_image_generation: "auto", sequential_image_generation_options: { max_images: 3 } }),
    );
    expect(group.status).toBe(200);
    expect(group.body.data).toHaveLength(3);
    const bytes = await Promise.all(group.body.data.map((item: any) => download(item.url)));
    expect(bytes[0].equals(bytes[1])).toBe(false);
    const single = await generate(lite({ prompt: "a lantern", sequential_image_generation: "auto" }));
    expect(single.body.data).toHaveLength(1);
    const disabled = await generate(lite({ prompt: "2 images of a lantern", sequential_image_generation: "disabled" }));
    expect(disabled.body.data).toHaveLength(1);
    for (const max_images of [0, 16, 2.5]) {
      await expectCode(
        lite({ sequential_image_generation: "auto", sequential_image_generation_options: { max_images } }),
        "FieldInvalid",
        400,
        "sequential_image_generation_options.max_images",
      );
    }
  });

  it("moderation: prompt → TaskPromptPolicyViolation, image URL → AuditSubmitIllegal, output → CreationPolicyViolation (422)", async () => {
    await expectCode(pro({ prompt: "a forbidden teapot" }), "TaskPromptPolicyViolation", 422);
    await expectCode(pro({ images: ["http://127.0.0.1:1/blocked-word.png"] }), "AuditSubmitIllegal", 422);
    await control(host.url, "PATCH", "/config", { moderationBlocklist: ["output:risky"] });
    await expectCode(pro({ prompt: "a risky teapot" }), "CreationPolicyViolation", 422);
  });

  it("401 Unauthorized and a malformed body is BadRequest", async () => {
    const unauthorized = await postJson(host.url, BETA_PATH, pro(), {});
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body.error.code).toBe("Unauthorized");
    const malformed = await fetch(host.url + BETA_PATH, { method: "POST", headers: { ...AUTH, "Content-Type": "application/json" }, body: "[1" });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe("BadRequest");
  });

  it("above imageConcurrency: 429 QuotaExceeded", async () => {
    await control(host.url, "PATCH", "/config", { imageConcurrency: 1 });
    const held = heldRequest(host.url + BETA_PATH, AUTH, pro());
    let refusal: any;
    const refused = await eventually(async () => {
      const reply = await generate(pro());
      refusal = reply;
      return reply.status === 429;
    });
    held.finish();
    expect(refused).toBe(true);
    expect(refusal.body.error.code).toBe("QuotaExceeded");
    expect((await held.response).status).toBe(200);
  });

  it("bills images against the account's credits: 402 CreditInsufficient once they are spent (our choice)", async () => {
    await control(host.url, "PATCH", "/config", { beta: { credits: 2 } });
    expect((await generate(lite({ sequential_image_generation: "auto", sequential_image_generation_options: { max_images: 2 }, prompt: "2 images of a postcard" }))).status).toBe(200);
    await expectCode(pro(), "CreditInsufficient", 402);
    await control(host.url, "POST", "/reset");
    expect((await generate(pro())).status).toBe(200);
  });

  it("answers 503 ModelUnavailable for a model switched off, naming the field (our choice)", async () => {
    await control(host.url, "PATCH", "/config", { beta: { unavailableModels: [LITE] } });
    await expectCode(lite(), "ModelUnavailable", 503, "model");
    expect((await generate(pro())).status).toBe(200);
  });

  it("answers 403 Forbidden to a valid key that may not use beta, while alpha still accepts it (our choice)", async () => {
    await control(host.url, "PATCH", "/config", { apiKeys: ["emulator-key", "alpha-only"], beta: { forbiddenKeys: ["alpha-only"] } });
    const alphaOnly = { Authorization: "Bearer alpha-only" };
    const refused = await postJson(host.url, BETA_PATH, pro(), alphaOnly);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("Forbidden");
    const alpha = await postJson(host.url, V3_PATH, { model: "alpha-image-v3", prompt: "x", size: "512x512" }, alphaOnly);
    expect(alpha.status).toBe(200);
  });
});
