// The beta client against the emulator (emulator/image/beta*.ts): real HTTP, real retries, the
// account refusals of spec 7.2 and both response formats.
import http from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { betaClient } from "@/lib/upstream/clients";
import { createConcurrencyGate } from "@/lib/upstream/concurrency-gate";
import { createTestDb, type TestDb } from "@/test/db";
import { startStudioUpstream, type StudioUpstream } from "@/test/studio-upstream";
import { createBetaClient, type BetaClientOptions } from "./client";
import { BETA_PATH } from "./wire";

const PRO = "beta-image-v5.0-pro" as const;
const LITE = "beta-image-v5.0-lite" as const;
let upstream: StudioUpstream;
let referencePng: string;
// The studio's configured client waits in the upstream line, which is kept in the database.
let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
  upstream = await startStudioUpstream();
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
  referencePng = `data:image/png;base64,${png.toString("base64")}`;
});

afterAll(async () => {
  await upstream?.close();
  await testDb?.close();
});

beforeEach(() => upstream.control("/reset", { method: "POST" }));

function client(extra: Partial<BetaClientOptions> = {}) {
  return createBetaClient({
    baseUrl: upstream.emulator.urls.image,
    apiKey: upstream.emulator.config.apiKeys[0]!,
    gate: createConcurrencyGate({ defaultLimit: 2 }),
    retry: { policy: { baseDelayMs: 10, maxRetryAfterMs: 20, serverRetryDelayMs: 10 } },
    timeoutMs: 20_000,
    ...extra,
  });
}

async function betaRequests(): Promise<{ status: number }[]> {
  const { requests } = (await upstream.control("/requests")) as { requests: { path: string; status: number }[] };
  return requests.filter((request) => request.path === BETA_PATH);
}

const readBytes = { consume: async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer()) };

describe("beta against the emulator: results", () => {
  it("a pro request succeeds through the studio's configured client and its URL downloads with the key", async () => {
    const beta = betaClient();
    const result = await beta.generate({ model: PRO, prompt: "a lighthouse at dusk", size: "1K", output_format: "png", watermark: false });
    expect(result).toMatchObject({ model: PRO, requestId: expect.any(String), totalTokens: expect.any(Number) });
    expect(result.createdAt.getTime()).toBeGreaterThan(0);
    expect(result.images).toHaveLength(1);
    const [image] = result.images;
    expect(image).toMatchObject({ url: expect.stringMatching(/^http/), outputFormat: "png" });
    const bytes = await beta.downloadResult(image!.url!, readBytes);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("png");
    expect({ width: meta.width, height: meta.height }).toEqual(image!.size);
  });

  it("a lite group answers b64_json images of the asked size", async () => {
    const result = await client().generate({
      model: LITE,
      prompt: "4 images of a fox through the seasons",
      size: "2560x1440",
      output_format: "jpeg",
      response_format: "b64_json",
      sequential_image_generation: "auto",
      sequential_image_generation_options: { max_images: 4 },
    });
    expect(result.images).toHaveLength(4);
    for (const image of result.images) {
      expect(image).toMatchObject({ outputFormat: "jpeg", size: { width: 2560, height: 1440 } });
      expect(image.url).toBeUndefined();
      const meta = await sharp(Buffer.from(image.b64!, "base64")).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 2560, 1440]);
    }
  });

  it("a pro layer decomposition answers a base and layers with their index and box", async () => {
    const result = await client().generate({ model: PRO, prompt: "split into 3 layers", images: [referencePng], layer_decomposition: true, size: "1K", response_format: "b64_json" });
    expect(result.images.map((image) => [image.role, image.layerIndex])).toEqual([
      ["base", undefined],
      ["layer", 1],
      ["layer", 2],
      ["layer", 3],
    ]);
    const base = result.images[0]!;
    for (const layer of result.images.slice(1)) {
      expect(layer.outputFormat).toBe("png");
      expect(layer.bbox!.x + layer.bbox!.width).toBeLessThanOrEqual(base.size!.width);
      expect((await sharp(Buffer.from(layer.b64!, "base64")).metadata()).hasAlpha).toBe(true);
    }
  });
});

describe("beta against the emulator: refusals (spec 7.2)", () => {
  it("a lite request with layer decomposition is refused before any upstream call", async () => {
    const error = await client().generate({ model: LITE, prompt: "a fox", layer_decomposition: true, images: [referencePng] }).catch((caught) => caught);
    expect(error).toMatchObject({ kind: "bad_request", field: "layer_decomposition" });
    expect(await betaRequests()).toEqual([]);
  });

  it.each([
    [{ credits: 0 }, "CreditInsufficient", 402, /run out of credit/],
    [{ unavailableModels: [PRO] }, "ModelUnavailable", 503, /The Pro model is switched off/],
    [{ forbiddenKeys: ["emulator-key"] }, "Forbidden", 403, /does not permit the studio's key/],
  ])("account %o → %s (HTTP %i), an administrator's problem, not retried", async (beta, code, status, message) => {
    await upstream.control("/config", { method: "PATCH", json: { beta } });
    const error = await client().generate({ model: PRO, prompt: "a fox" }).catch((caught) => caught);
    expect(error).toMatchObject({ kind: "account", code, status, requestId: expect.any(String) });
    expect(error.userMessage).toMatch(message);
    expect(error.userMessage).toMatch(/not something you can fix: please contact your administrator/);
    expect(await betaRequests()).toHaveLength(1);
  });

  it("an unusable reference image names the image", async () => {
    const tiny = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } }).png().toBuffer();
    const error = await client()
      .generate({ model: PRO, prompt: "a fox", images: [referencePng, `data:image/png;base64,${tiny.toString("base64")}`] })
      .catch((caught) => caught);
    expect(error).toMatchObject({ kind: "bad_request", code: "ImageSizeInvalid", field: "images[1]" });
    expect(error.userMessage).toMatch(/^Reference image 2 is too large or too small/);
  });

  it("a blocked prompt is a content-safety refusal", async () => {
    const error = await client().generate({ model: LITE, prompt: "something forbidden" }).catch((caught) => caught);
    expect(error).toMatchObject({ kind: "blocked", code: "TaskPromptPolicyViolation", field: "prompt" });
  });
});

describe("beta against the emulator: a busy service (spec 7.2, 8)", () => {
  /** Takes the emulator's only slot with a request whose body has not finished; `finish` sends the rest and waits for its answer. */
  function holdTheSlot() {
    const body = JSON.stringify({ model: PRO, prompt: "held" });
    const url = new URL(BETA_PATH, upstream.emulator.urls.image);
    const request = http.request(url, {
      method: "POST",
      headers: { authorization: `Bearer ${upstream.emulator.config.apiKeys[0]}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      request.on("response", (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      });
      request.on("error", reject);
    });
    request.write(body.slice(0, 10));
    request.flushHeaders();
    return {
      finish: async () => {
        request.end(body.slice(10));
        return answered;
      },
    };
  }

  async function probeStatus(): Promise<number> {
    const response = await fetch(new URL(BETA_PATH, upstream.emulator.urls.image), {
      method: "POST",
      headers: { authorization: `Bearer ${upstream.emulator.config.apiKeys[0]}`, "content-type": "application/json" },
      body: "{}",
    });
    await response.body?.cancel();
    return response.status;
  }

  it("QuotaExceeded is retried and then succeeds once a slot is free", async () => {
    await upstream.control("/config", { method: "PATCH", json: { imageConcurrency: 1 } });
    const held = holdTheSlot();
    // Once the held request has its slot, any other request is refused with QuotaExceeded.
    await expect.poll(probeStatus, { timeout: 5000 }).toBe(429);
    await upstream.control("/requests", { method: "DELETE" });
    const retried: string[] = [];
    let heldStatus: number | undefined;
    const beta = client({
      onRetry: (event) => retried.push(`${event.error.kind}:${(event.error as { code?: string }).code}`),
      retry: {
        policy: { maxRetryAfterMs: 20 },
        // The pause between attempts is when the other request finishes and frees the slot.
        sleep: async () => {
          heldStatus ??= await held.finish();
        },
      },
    });
    const result = await beta.generate({ model: PRO, prompt: "a fox" });
    expect(result.images).toHaveLength(1);
    expect(heldStatus).toBe(200);
    expect(retried).toEqual(["rate_limited:QuotaExceeded"]);
    expect((await betaRequests()).map((request) => request.status)).toEqual([429, 200, 200]);
  });

  it("TooManyRequests is retried within the bound, then reported as busy", async () => {
    await upstream.control("/faults", { json: { sequence: [{ kind: "429", retryAfter: 0 }], pathPrefix: BETA_PATH } });
    await expect(client().generate({ model: PRO, prompt: "a fox" })).resolves.toMatchObject({ images: [expect.anything()] });

    await upstream.control("/faults", { json: { sequence: Array(3).fill({ kind: "429", retryAfter: 0 }), pathPrefix: BETA_PATH } });
    const error = await client({ retry: { policy: { rateLimitRetries: 2, baseDelayMs: 1 } } })
      .generate({ model: PRO, prompt: "a fox" })
      .catch((caught) => caught);
    expect(error).toMatchObject({ kind: "rate_limited", code: "TooManyRequests", status: 429 });
    expect(error.userMessage).toMatch(/stayed busy while the studio tried again/);
  });
});
