import { Readable } from "node:stream";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createTestUser } from "@/test/users";
import { storeImage } from "@/lib/assets/store-image";
import { UpstreamError } from "@/lib/upstream/errors";
import { finishInterruptedWork } from "@/lib/recovery/finish-interrupted";
import { alphaV3FormSchema } from "./alpha-schemas";
import { listAlphaV3Generations, prepareAlphaV3 } from "./generate-alpha-v3";

const context = useStudioTestContext();
beforeEach(async () => {
  await context.upstream.control("/faults", { method: "DELETE" });
});

const generate = async (input: Record<string, unknown>) => (await prepareAlphaV3(context.user, alphaV3FormSchema.parse(input)))();

describe("alpha v3 generation (spec 4.1) against the emulator", () => {
  it("stores the result before reporting success: sha256, size, thumbnail, tokens, request id", async () => {
    const generation = await generate({ prompt: "a lighthouse at dawn", size: "1280x768", seed: 42, revise: true });
    expect(generation.status).toBe("succeeded");
    expect(generation.requestId).toBeTruthy();
    expect(generation.tokens).toBeGreaterThan(0);
    expect(generation.revisedPrompt).toBeTruthy();
    expect(generation.images).toHaveLength(1);
    const [image] = generation.images;
    expect(image).toMatchObject({ mime: "image/png", width: 1280, height: 768 });
    expect(image.thumbnailUrl).toBeTruthy();
    const asset = await context.testDb.db.asset.findUniqueOrThrow({ where: { id: image.id } });
    expect(asset.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(asset.sourceUrl).toContain(context.upstream.emulator.urls.image);
  });

  it("sends reference images as data URLs after checking them from storage", async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#3366ff" } }).png().toBuffer();
    const reference = await storeImage({ source: Readable.from([png]), ownerId: context.user.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 10_000_000 });
    const generation = await generate({ prompt: "use this palette", size: "1024x1024", revise: false, images: [{ assetId: reference.id, mime: "image/png", bytes: png.length }] });
    expect(generation.status).toBe("succeeded");
    expect(generation.params).toMatchObject({ referenceAssetIds: [reference.id] });
  });

  it("refuses a reference image the user may not use, naming the field", async () => {
    const stranger = await createTestUser(context.testDb.db);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#000" } }).png().toBuffer();
    const secret = await storeImage({ source: Readable.from([png]), ownerId: stranger.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 10_000_000 });
    await expect(prepareAlphaV3(context.user, alphaV3FormSchema.parse({ prompt: "x", images: [{ assetId: secret.id, mime: "image/png", bytes: png.length }] }))).rejects.toMatchObject({
      fields: [{ field: "images.0", message: "no such image" }],
    });
  });

  it("retries a 429 and succeeds", async () => {
    await context.upstream.control("/faults", { json: { sequence: [{ kind: "429", retryAfter: 0 }], pathPrefix: "/v1/" } });
    const generation = await generate({ prompt: "after a busy moment", revise: false });
    expect(generation.status).toBe("succeeded");
  });

  it("retries a result download that broke off", async () => {
    await context.upstream.control("/faults", { json: { sequence: [{ kind: "drop" }], pathPrefix: "/files/" } });
    const generation = await generate({ prompt: "download again", revise: false });
    expect(generation.status).toBe("succeeded");
    expect(generation.images).toHaveLength(1);
  });

  it("records a content-safety block as failed with the designer's message", async () => {
    const error = await generate({ prompt: "something forbidden", revise: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe("blocked");
    const { items } = await listAlphaV3Generations(context.user);
    expect(items[0]).toMatchObject({ status: "failed", errorCode: "blocked", prompt: "something forbidden" });
    expect(items[0].errorMessage).toMatch(/content safety/i);
  });

  it("closes work left pending by a crash at the next start", async () => {
    const stuck = await context.testDb.db.generation.create({
      data: { ownerId: context.user.id, kind: "alpha_v3", model: "alpha-image-v3", prompt: "cut off", params: {}, createdAt: new Date(Date.now() - 60_000) },
    });
    await finishInterruptedWork();
    expect(await context.testDb.db.generation.findUniqueOrThrow({ where: { id: stuck.id } })).toMatchObject({ status: "failed", errorCode: "interrupted" });
  });
});
