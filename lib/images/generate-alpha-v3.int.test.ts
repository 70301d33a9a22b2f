import { Readable } from "node:stream";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createTestUser } from "@/test/users";
import { storeImage } from "@/lib/assets/store-image";
import { UpstreamError } from "@/lib/upstream/errors";
import { finishInterruptedWork } from "@/lib/recovery/finish-interrupted";
import type { CurrentUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { failureOf } from "@/lib/http/client-error";
import { runningLimitMessage } from "@/lib/jobs/running-limit";
import { alphaV3FormSchema } from "./alpha-schemas";
import { listAlphaV3Generations, prepareAlphaV3 } from "./generate-alpha-v3";

// The limit these tests count against, whatever the shell running them says (read at first use).
process.env.USER_MAX_RUNNING_GENERATIONS = "3";

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

// Issue 7 finding 4: one member ran 12 requests at once and held the team's upstream line. Preparing
// a generation takes one of the user's places (its pending row); the tests prepare without running
// to hold places, then run what they prepared to give them back.
describe("per-user limit on running generations (finding 4)", () => {
  const prepare = (user: CurrentUser, prompt: string) => prepareAlphaV3(user, alphaV3FormSchema.parse({ prompt, revise: false }));
  const runAll = (runs: Awaited<ReturnType<typeof prepare>>[]) => Promise.all(runs.map((run) => run()));
  const generationsOf = (user: CurrentUser, where: { status?: "pending"; prompt?: string } = {}) =>
    context.testDb.db.generation.count({ where: { ownerId: user.id, ...where } });

  it("finding 4: refuses a 4th v3 generation while 3 run with a 429 and Retry-After, and writes nothing for it", async () => {
    const user = await createTestUser(context.testDb.db);
    const running = [await prepare(user, "first"), await prepare(user, "second"), await prepare(user, "third")];

    const refusal = await prepare(user, "fourth").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "rate_limited", status: 429, message: runningLimitMessage(3), headers: { "Retry-After": expect.stringMatching(/^[1-9]\d*$/) } });
    expect(runningLimitMessage(3)).toBe("You already have 3 generations running. Wait for one to finish or cancel one.");
    expect(failureOf(refusal, "req-1").error.retryAfterSeconds).toBe(Number((refusal as AppError).headers["Retry-After"]));
    expect(await generationsOf(user, { prompt: "fourth" })).toBe(0);
    expect(await generationsOf(user)).toBe(3);

    await runAll(running);
  });

  it("finding 4: another user is not affected by someone else's full budget", async () => {
    const busy = await createTestUser(context.testDb.db);
    const other = await createTestUser(context.testDb.db);
    const running = [await prepare(busy, "a"), await prepare(busy, "b"), await prepare(busy, "c")];
    const theirs = await prepare(other, "mine");
    expect((await theirs()).status).toBe("succeeded");
    await runAll(running);
  });

  it("finding 4: once one finishes, succeeded or failed, the next is accepted", async () => {
    const user = await createTestUser(context.testDb.db);
    const [first, blocked, third] = [await prepare(user, "a"), await prepare(user, "something forbidden"), await prepare(user, "c")];
    await expect(prepare(user, "too many")).rejects.toMatchObject({ code: "rate_limited" });

    expect((await first()).status).toBe("succeeded");
    const afterSuccess = await prepare(user, "after a success");
    await expect(prepare(user, "too many again")).rejects.toMatchObject({ code: "rate_limited" });

    await expect(blocked()).rejects.toMatchObject({ kind: "blocked" });
    const afterFailure = await prepare(user, "after a failure");
    await runAll([third, afterSuccess, afterFailure]);
  });

  it("finding 4: of 8 concurrent requests with a limit of 3, exactly 3 are accepted (race-free)", async () => {
    const user = await createTestUser(context.testDb.db);
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => prepare(user, `race ${i}`)));
    const accepted = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason as AppError] : []));
    expect(accepted).toHaveLength(3);
    expect(refused.map((error) => error.code)).toEqual(Array(5).fill("rate_limited"));
    expect(await generationsOf(user)).toBe(3);
    expect(await generationsOf(user, { status: "pending" })).toBe(3);
    await runAll(accepted);
    expect(await generationsOf(user, { status: "pending" })).toBe(0);
  });
});
