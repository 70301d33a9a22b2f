import { Readable } from "node:stream";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { storeImage } from "@/lib/assets/store-image";
import { slowCalls, waitForJob } from "@/test/jobs";
import { useStudioTestContext } from "@/test/studio-upstream";
import { betaFormSchema, type BetaFormInput } from "./beta-schemas";
import { runBetaAgain, startBeta } from "./generate-beta";
import { listGenerations } from "./list-generations";

// The beta endpoint (spec 4.3) as a job, against the emulator: every answer's images are stored
// before the job says succeeded, whatever their delivery (url or b64_json) and shape (one image, a
// group, a base image with its layers).
const context = useStudioTestContext();
beforeEach(async () => {
  await context.upstream.control("/faults", { method: "DELETE" });
  await context.upstream.control("/config", { method: "PATCH", json: { beta: { credits: null, unavailableModels: [], forbiddenKeys: [] } } });
});

const PRO = "beta-image-v5.0-pro";
const LITE = "beta-image-v5.0-lite";

async function generate(input: BetaFormInput) {
  const { job, generation } = await startBeta(context.user, betaFormSchema.parse(input));
  const ended = await waitForJob(context.testDb.db, job.id);
  const { items } = await listGenerations(context.user, "beta");
  return { job: ended, ...items.find((item) => item.id === generation.id)! };
}

async function uploadedPng(width: number, height: number) {
  const png = await sharp({ create: { width, height, channels: 3, background: "#2266aa" } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#ffcc00"/></svg>`) }])
    .png()
    .toBuffer();
  const asset = await storeImage({ source: Readable.from([png]), ownerId: context.user.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 30_000_000, decode: "before-row" });
  return { assetId: asset.id, mime: "image/png" as const, bytes: png.length };
}

describe("beta generation (spec 4.3) against the emulator", () => {
  it("stores a pro image at its tier before succeeding, with tokens and the request id", async () => {
    const generation = await generate({ model: PRO, prompt: "a lighthouse at dawn", size: { method: "tier", tier: "1K" } });
    expect(generation).toMatchObject({ status: "succeeded", model: PRO, job: { state: "succeeded" } });
    expect(generation.requestId).toBeTruthy();
    expect(generation.tokens).toBeGreaterThan(0);
    expect(generation.images).toHaveLength(1);
    expect(generation.images[0]).toMatchObject({ mime: "image/png", role: null, position: 0 });
    expect(generation.images[0].width! * generation.images[0].height!).toBeGreaterThan(900_000);
  });

  it("stores a b64_json answer like a downloaded one (JPEG asked for)", async () => {
    const generation = await generate({ model: PRO, prompt: "inline delivery", responseFormat: "b64_json", outputFormat: "jpeg", size: { method: "pixels", width: 1280, height: 720 } });
    expect(generation.status).toBe("succeeded");
    expect(generation.images[0]).toMatchObject({ mime: "image/jpeg", width: 1280, height: 720 });
    const asset = await context.testDb.db.asset.findUniqueOrThrow({ where: { id: generation.images[0].id } });
    expect(asset.sourceUrl).toBeNull();
  });

  it("stores a lite group of 4 as 4 images in order", async () => {
    const generation = await generate({ model: LITE, prompt: "4 images of a fox in the four seasons", group: { maxImages: 4 }, size: { method: "tier", tier: "2K" } });
    expect(generation.status).toBe("succeeded");
    expect(generation.images.map((image) => image.position)).toEqual([0, 1, 2, 3]);
    expect(new Set(generation.images.map((image) => image.id)).size).toBe(4);
  });

  it("stores a pro layer decomposition as a base image and its PNG layers with their boxes", async () => {
    const source = await uploadedPng(800, 600);
    const generation = await generate({ model: PRO, prompt: "split into 5 layers", layerDecomposition: true, images: [source], size: { method: "tier", tier: "1K" } });
    expect(generation.status).toBe("succeeded");
    const [base, ...layers] = generation.images;
    expect(base).toMatchObject({ role: "base", kind: "image", layout: null });
    expect(layers).toHaveLength(5);
    for (const layer of layers) {
      expect(layer).toMatchObject({ role: "layer", kind: "layer", mime: "image/png" });
      expect(layer.layout).toEqual({ x: expect.any(Number), y: expect.any(Number), width: expect.any(Number), height: expect.any(Number) });
      const asset = await context.testDb.db.asset.findUniqueOrThrow({ where: { id: layer.id } });
      expect(asset.generationId).toBe(generation.id);
    }
  });

  it("records an account problem (CreditInsufficient, ModelUnavailable, Forbidden) as failed with words for the designer", async () => {
    await context.upstream.control("/config", { method: "PATCH", json: { beta: { unavailableModels: [LITE] } } });
    const unavailable = await generate({ model: LITE, prompt: "when the model is off", size: { method: "tier", tier: "2K" } });
    expect(unavailable).toMatchObject({ status: "failed", job: { state: "failed" } });
    expect(unavailable.errorMessage).toMatch(/Lite model is switched off/);
    expect(unavailable.errorCode).toBe("account");

    await context.upstream.control("/config", { method: "PATCH", json: { beta: { unavailableModels: [], credits: 0 } } });
    const broke = await generate({ model: PRO, prompt: "when the credit is gone", size: { method: "tier", tier: "2K" } });
    expect(broke.status).toBe("failed");
    expect(broke.errorMessage).toMatch(/credit/i);
  });

  it("Run again repeats the model, prompt, settings and references", async () => {
    const source = await uploadedPng(640, 640);
    const first = await generate({ model: LITE, prompt: "again please", images: [source], size: { method: "tier", tier: "3K" }, webSearch: true });
    const again = await runBetaAgain(context.user, { id: first.job.id, generationId: first.id });
    await waitForJob(context.testDb.db, again.job.id);
    const { items } = await listGenerations(context.user, "beta");
    const repeated = items.find((item) => item.id === again.generation.id)!;
    expect(repeated).toMatchObject({ status: "succeeded", model: LITE, prompt: "again please" });
    expect(repeated.params).toMatchObject({ size: { method: "tier", tier: "3K" }, webSearch: true, images: [{ assetId: source.assetId }] });
  });

  it("waits in the model's line as its owner's work, in the team active when it started", async () => {
    await context.upstream.control("/faults", { json: slowCalls(1_000) });
    const { job } = await startBeta(context.user, betaFormSchema.parse({ model: PRO, prompt: "whose turn", size: { method: "tier", tier: "1K" } }));
    await waitForJob(context.testDb.db, job.id, ["generating"]);
    const tickets = await context.testDb.db.upstreamGateTicket.findMany({ where: { personId: context.user.id } });
    expect(tickets).toMatchObject([{ model: PRO, teamId: context.user.activeTeamId }]);
    await waitForJob(context.testDb.db, job.id);
  });
});
