import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/beta/generations/route";
import { storeImage } from "@/lib/assets/store-image";
import { waitForJob } from "@/test/jobs";
import { session } from "@/test/session-double";
import { useStudioTestContext } from "@/test/studio-upstream";
import { BETA_PATH } from "@/lib/upstream/beta/wire";

vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

// The beta route as a browser calls it, against the emulator: a field the model does not
// take is refused before anything is sent (spec 4.3: layer decomposition is Pro only), and a
// reference set whose Base64 body would pass the endpoint's 20 MB (spec 8) is fitted and accepted.
const context = useStudioTestContext();
beforeAll(() => {
  session.user = context.user;
});
beforeEach(async () => {
  await context.upstream.control("/requests", { method: "DELETE" });
});

const post = (body: unknown) =>
  POST(new Request("http://studio.test/api/beta/generations", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }), { params: Promise.resolve({}) });

async function betaCalls(): Promise<number> {
  const { requests } = (await context.upstream.control("/requests")) as { requests: { path: string }[] };
  return requests.filter((request) => request.path === BETA_PATH).length;
}

/** A PNG of random pixels (they do not compress): about 8.7 MB at 1700×1700. */
async function noiseReference() {
  const side = 1700;
  const pixels = randomBytes(side * side * 3);
  const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();
  const asset = await storeImage({ source: Readable.from([png]), ownerId: context.user.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 30_000_000, decode: "before-row" });
  return { assetId: asset.id, mime: "image/png", bytes: png.length };
}

describe("POST /api/beta/generations against the emulator", () => {
  it("refuses Lite with layer decomposition, naming the field, with no request to the endpoint", async () => {
    const response = await post({ model: "beta-image-v5.0-lite", prompt: "split it", layerDecomposition: true, size: { method: "tier", tier: "2K" } });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: { field: string; message: string }[] } };
    expect(error.fields).toContainEqual({ field: "layerDecomposition", message: expect.stringMatching(/Lite/) });
    expect(await betaCalls()).toBe(0);
    expect(await context.testDb.db.generation.count({ where: { prompt: "split it" } })).toBe(0);
  });

  it("fits a reference set over 20 MB (3 × ~9 MB PNG) and the endpoint accepts it", async () => {
    const images = await Promise.all([1, 2, 3].map(() => noiseReference()));
    expect(images.reduce((sum, image) => sum + image.bytes, 0) * (4 / 3)).toBeGreaterThan(20_000_000);
    const response = await post({ model: "beta-image-v5.0-lite", prompt: "a collage of these textures", images, size: { method: "tier", tier: "2K" } });
    expect(response.status).toBe(202);
    const { job, generation } = (await response.json()) as { job: { id: string }; generation: { id: string; params: { adjustments: string[] } } };
    expect(generation.params.adjustments.length).toBeGreaterThan(0);
    expect(generation.params.adjustments[0]).toMatch(/20 MB/);
    expect(await waitForJob(context.testDb.db, job.id, undefined, 60_000)).toMatchObject({ state: "succeeded" });
    expect(await betaCalls()).toBe(1);
  }, 120_000);
});
