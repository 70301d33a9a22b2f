import { Readable } from "node:stream";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createTestUser } from "@/test/users";
import { storeImage } from "@/lib/assets/store-image";
import type { CurrentUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { failureOf } from "@/lib/http/client-error";
import { runningLimitMessage } from "@/lib/jobs/running-limit";
import { alphaV3FormSchema } from "./alpha-schemas";
import { waitForJob, slowCalls } from "@/test/jobs";
import { startAlphaV3 } from "./generate-alpha-v3";
import { listGenerations } from "./list-generations";

// The limit these tests count against, whatever the shell running them says (read at first use).
process.env.USER_MAX_RUNNING_GENERATIONS = "3";

const context = useStudioTestContext();
beforeEach(async () => {
  await context.upstream.control("/faults", { method: "DELETE" });
});

/** Starts a generation, waits for its job to end and reads the generation back as the history does. */
async function generate(input: Record<string, unknown>, user: CurrentUser = context.user) {
  const { job, generation } = await startAlphaV3(user, alphaV3FormSchema.parse(input));
  const ended = await waitForJob(context.testDb.db, job.id);
  const { items } = await listGenerations(user, "alpha_v3");
  return { job: ended, ...items.find((item) => item.id === generation.id)! };
}

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
    const reference = await storeImage({ source: Readable.from([png]), ownerId: context.user.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 10_000_000, decode: "before-row" });
    const generation = await generate({ prompt: "use this palette", size: "1024x1024", revise: false, images: [{ assetId: reference.id, mime: "image/png", bytes: png.length }] });
    expect(generation.status).toBe("succeeded");
    expect(generation.params).toMatchObject({ referenceAssetIds: [reference.id] });
  });

  it("refuses a reference image the user may not use, naming the field", async () => {
    const stranger = await createTestUser(context.testDb.db);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#000" } }).png().toBuffer();
    const secret = await storeImage({ source: Readable.from([png]), ownerId: stranger.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 10_000_000, decode: "before-row" });
    await expect(startAlphaV3(context.user, alphaV3FormSchema.parse({ prompt: "x", images: [{ assetId: secret.id, mime: "image/png", bytes: png.length }] }))).rejects.toMatchObject({
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

  it("records a content-safety block as failed with the designer's message, on the generation and its job", async () => {
    const generation = await generate({ prompt: "something forbidden", revise: false });
    expect(generation).toMatchObject({ status: "failed", errorCode: "blocked", prompt: "something forbidden" });
    expect(generation.errorMessage).toMatch(/content safety/i);
    expect(generation.job).toMatchObject({ state: "failed", errorCode: "blocked", errorMessage: generation.errorMessage });
  });

  it("chooses and records the seed of a random request, so it can be repeated", async () => {
    const generation = await generate({ prompt: "a random seed", revise: false });
    expect(generation.params).toMatchObject({ seed: expect.any(Number), seedWasRandom: true });
    const chosen = await generate({ prompt: "a chosen seed", seed: 9, revise: false });
    expect(chosen.params).toMatchObject({ seed: 9, seedWasRandom: false });
  });
});

// A per-user limit on running generations, so that one member cannot hold the team's upstream line
// alone. A started generation takes one of the user's places until its job ends; slow upstream calls
// keep them taken while a test looks.
describe("per-user limit on running generations", () => {
  const start = (user: CurrentUser, prompt: string) => startAlphaV3(user, alphaV3FormSchema.parse({ prompt, revise: false }));
  const endAll = (started: { job: { id: string } }[]) => Promise.all(started.map(({ job }) => waitForJob(context.testDb.db, job.id)));
  const generationsOf = (user: CurrentUser, where: { prompt?: string } = {}) => context.testDb.db.generation.count({ where: { ownerId: user.id, ...where } });
  const holdPlaces = () => context.upstream.control("/faults", { json: slowCalls(1_500) });

  it("refuses a 4th v3 generation while 3 run with a 429 and Retry-After, and writes nothing for it", async () => {
    const user = await createTestUser(context.testDb.db);
    await holdPlaces();
    const running = [await start(user, "first"), await start(user, "second"), await start(user, "third")];

    const refusal = await start(user, "fourth").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "rate_limited", status: 429, message: runningLimitMessage(3), headers: { "Retry-After": expect.stringMatching(/^[1-9]\d*$/) } });
    expect(runningLimitMessage(3)).toBe("You already have 3 generations running. Wait for one to finish or cancel one.");
    expect(failureOf(refusal, "req-1").error.retryAfterSeconds).toBe(Number((refusal as AppError).headers["Retry-After"]));
    expect(await generationsOf(user, { prompt: "fourth" })).toBe(0);
    expect(await generationsOf(user)).toBe(3);
    expect(await context.testDb.db.job.count({ where: { ownerId: user.id } })).toBe(3);

    await endAll(running);
  });

  it("another user is not affected by someone else's full budget", async () => {
    const busy = await createTestUser(context.testDb.db);
    const other = await createTestUser(context.testDb.db);
    await holdPlaces();
    const running = [await start(busy, "a"), await start(busy, "b"), await start(busy, "c")];
    await context.upstream.control("/faults", { method: "DELETE" });
    expect((await generate({ prompt: "mine", revise: false }, other)).status).toBe("succeeded");
    await endAll(running);
  });

  it("once one finishes, succeeded or failed, the next is accepted", async () => {
    const user = await createTestUser(context.testDb.db);
    await holdPlaces();
    const running = [await start(user, "one"), await start(user, "two"), await start(user, "something forbidden")];
    await expect(start(user, "refused")).rejects.toMatchObject({ code: "rate_limited" });
    await endAll(running);
    await context.upstream.control("/faults", { method: "DELETE" });
    expect((await generate({ prompt: "after the others", revise: false }, user)).status).toBe("succeeded");
  });

  it("of 8 concurrent requests with a limit of 3, exactly 3 are accepted (race-free)", async () => {
    const user = await createTestUser(context.testDb.db);
    await holdPlaces();
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => start(user, `race ${i}`)));
    const accepted = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(accepted).toHaveLength(3);
    expect(results.flatMap((result) => (result.status === "rejected" ? [(result.reason as { code?: string }).code] : []))).toEqual(Array(5).fill("rate_limited"));
    expect(await generationsOf(user)).toBe(3);
    await endAll(accepted);
  });
});
