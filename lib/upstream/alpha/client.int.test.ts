// The alpha client against the emulator (emulator/): real HTTP, real retries, both v3.5 wire formats,
// and a conversation assembled by lib/chat/assemble-messages.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "@/emulator";
import {
  ALPHA_IMAGE_URL_LIFETIME_MS,
  assembleNextMessages,
  branchOf,
  buildUserMessage,
  type BranchTurn,
} from "@/lib/chat/assemble-messages";
import { createConcurrencyGate } from "@/lib/upstream/concurrency-gate";
import { UpstreamError } from "@/lib/upstream/errors";
import type { AlphaMessage } from "@/lib/upstream/alpha/wire-messages";
import type { AlphaV35Result } from "@/lib/upstream/alpha/v35-result";
import { ALPHA_V3_PATH } from "@/lib/upstream/alpha/wire-v3";
import { createAlphaClient, type AlphaClientOptions } from "./client";

const KEY = "emulator-key";
let emulator: RunningEmulator;
let referencePng: string;

beforeAll(async () => {
  emulator = await startEmulator({ config: { latency: "fast" }, ports: { image: 0, agent: 0, inference: 0 } });
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
  referencePng = `data:image/png;base64,${png.toString("base64")}`;
});

afterAll(() => emulator?.close());

beforeEach(() => control("POST", "/reset"));

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${emulator.urls.image}/__emulator${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

function client(extra: Partial<AlphaClientOptions> = {}) {
  return createAlphaClient({
    baseUrl: emulator.urls.image,
    apiKey: KEY,
    gate: createConcurrencyGate({ defaultLimit: 2 }),
    retry: { policy: { serverRetryDelayMs: 10, baseDelayMs: 10 } },
    timeoutMs: 20_000,
    ...extra,
  });
}

async function attemptsOn(path: string): Promise<number> {
  const { requests } = (await control("GET", "/requests")) as { requests: { path: string }[] };
  return requests.filter((request) => request.path === path).length;
}

function isPng(bytes: Uint8Array) {
  return [137, 80, 78, 71].every((byte, index) => bytes[index] === byte);
}

const readBytes = { consume: async (body: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(body).arrayBuffer()) };

describe("alpha v3 against the emulator", () => {
  it("generates, and the result downloads with the key", async () => {
    const alpha = client();
    const result = await alpha.generateV3({ prompt: "a red fox in snow", size: "1024x768", seed: 7, revise: true, images: [referencePng] });
    expect(result.images).toHaveLength(1);
    expect(result.requestId).toBeTruthy();
    const download = await alpha.downloadResult(result.images[0]!.url, readBytes);
    expect(isPng(download)).toBe(true);
  });

  it("retries a 429 and succeeds", async () => {
    await control("POST", "/faults", { sequence: [{ kind: "429", retryAfter: 0 }], pathPrefix: ALPHA_V3_PATH });
    const retries: string[] = [];
    const result = await client({ onRetry: (event) => retries.push(event.error.kind) }).generateV3({ prompt: "a fox" });
    expect(result.images).toHaveLength(1);
    expect(retries).toEqual(["rate_limited"]);
  });

  it("reports a wrong key as auth (401)", async () => {
    const error = await client({ apiKey: "wrong-key" }).generateV3({ prompt: "a fox" }).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ kind: "auth", status: 401 });
    expect(JSON.stringify(error)).not.toContain("wrong-key");
    expect(error.message).not.toContain("wrong-key");
  });

  it("reports a blocked prompt as blocked (422)", async () => {
    const error = await client().generateV3({ prompt: "something forbidden" }).catch((e) => e);
    expect(error).toMatchObject({ kind: "blocked", status: 422 });
    expect(error.userMessage).toMatch(/content safety/);
  });

  it("retries a 500 once, then reports it with the request id", async () => {
    await control("POST", "/faults", { sequence: [{ kind: "500" }, { kind: "500" }], pathPrefix: ALPHA_V3_PATH });
    const error = await client().generateV3({ prompt: "a fox" }).catch((e) => e);
    expect(error).toMatchObject({ kind: "server", status: 500 });
    expect(error.requestId).toBeTruthy();
    expect(error.userMessage).toMatch(/quote the request id/);
    expect(await attemptsOn(ALPHA_V3_PATH)).toBe(2);
  });

  it("recovers from a single 500", async () => {
    await control("POST", "/faults", { sequence: [{ kind: "500" }], pathPrefix: ALPHA_V3_PATH });
    await expect(client().generateV3({ prompt: "a fox" })).resolves.toMatchObject({ images: [expect.anything()] });
  });

  it("a 400 names the field", async () => {
    const error = await client().generateV3({ prompt: "a fox", images: ["data:image/png;base64,bm90IGFuIGltYWdl"] }).catch((e) => e);
    expect(error).toMatchObject({ kind: "bad_request", status: 400, field: "images[0]" });
    expect(error.userMessage).toContain("images[0]");
  });

  it("a dropped connection is a network error; a slow answer times out", async () => {
    await control("POST", "/faults", { sequence: [{ kind: "drop" }], pathPrefix: ALPHA_V3_PATH });
    await expect(client().generateV3({ prompt: "a fox" })).rejects.toMatchObject({ kind: "network" });
    await control("POST", "/faults", { sequence: [{ kind: "slow", ms: 3000 }], pathPrefix: ALPHA_V3_PATH });
    await expect(client({ timeoutMs: 300 }).generateV3({ prompt: "a fox" })).rejects.toMatchObject({ kind: "timeout" });
  });
});

describe("alpha v3.5 against the emulator", () => {
  it.each(["json", "sse"] as const)("reads a %s answer", async (v35WireFormat) => {
    await control("PATCH", "/config", { v35WireFormat });
    const frames: unknown[] = [];
    const result = await client().generateV35(
      { messages: [buildUserMessage("a lighthouse at dusk")], session: "s-wire", seed: "9223372036854775807" },
      { onFrame: (frame) => frames.push(frame) },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.assembledHistory.map((message) => message.role)).toEqual(["assistant", "tool", "assistant"]);
    expect(result.upstreamModel).toBeTruthy();
    expect(frames.length).toBe(v35WireFormat === "sse" ? 3 : 1);
  });

  it.each(["json", "sse"] as const)("a content_filter frame (%s) is a typed failed result", async (v35WireFormat) => {
    await control("PATCH", "/config", { v35WireFormat });
    const result = await client().generateV35({ messages: [buildUserMessage("something forbidden")] });
    expect(result).toMatchObject({ ok: false, blocked: true, error: { code: "content_filter" } });
    expect(result.requestId).toBeTruthy();
  });

  it("downloads the final image", async () => {
    const alpha = client();
    const result = await alpha.generateV35({ messages: [buildUserMessage("a lighthouse at dusk", [referencePng])] });
    if (!result.ok) throw new Error(result.userMessage);
    const download = await alpha.downloadResult(result.image.url, readBytes);
    expect(isPng(download)).toBe(true);
  });

  it("a three-turn conversation with a failed turn, a branch and an expired-URL replay is accepted", async () => {
    const alpha = client();
    type StoredTurn = BranchTurn & { parentTurnId: string | null; result: AlphaV35Result };
    const turns: StoredTurn[] = [];
    const storedCopies = new Map<string, string>();

    async function send(id: string, parentTurnId: string | null, text: string, at: Date) {
      const branch = parentTurnId ? branchOf(turns, parentTurnId) : [];
      const assembled = assembleNextMessages({
        branch,
        newUserMessage: buildUserMessage(text),
        now: at,
        resolveExpiredImage: (url) => storedCopies.get(url),
      });
      const result = await alpha.generateV35({ messages: assembled.messages, session: "conv-int" });
      const turn: StoredTurn = {
        id,
        parentTurnId,
        status: result.ok ? "succeeded" : "failed",
        requestMessages: assembled.messages,
        assembledHistory: result.ok ? result.assembledHistory : null,
        completedAt: at,
        result,
      };
      turns.push(turn);
      // What the studio does on success: keep a copy of every intermediate image for later replay.
      for (const message of turn.assembledHistory ?? []) {
        for (const content of message.content ?? []) {
          if (content.type !== "image_url") continue;
          const bytes = await alpha.downloadResult(content.image_url.url, readBytes);
          storedCopies.set(content.image_url.url, `data:image/png;base64,${Buffer.from(bytes).toString("base64")}`);
        }
      }
      return { turn, assembled };
    }

    const start = new Date();
    const t1 = await send("t1", null, "a lighthouse at dusk", start);
    expect(t1.turn.status).toBe("succeeded");

    const t2 = await send("t2", "t1", "make it forbidden", start);
    expect(t2.turn.result).toMatchObject({ ok: false, blocked: true });

    const t3 = await send("t3", "t2", "add a small boat", start);
    expect(t3.turn.status).toBe("succeeded");
    expect(t3.assembled.basedOnTurnId).toBe("t1");
    expect(JSON.stringify(t3.assembled.messages)).not.toContain("forbidden");

    // A branch off t1, beside t2/t3.
    const branch = await send("t1b", "t1", "make it daytime", start);
    expect(branch.turn.status).toBe("succeeded");
    expect(branch.assembled.messages).toHaveLength(1 + 3 + 1);

    // 13 hours later every intermediate URL has expired at the emulator too.
    await control("POST", "/clock", { advanceSeconds: 13 * 3600 });
    const later = new Date(start.getTime() + 13 * 3600 * 1000);
    expect(later.getTime() - start.getTime()).toBeGreaterThan(ALPHA_IMAGE_URL_LIFETIME_MS);

    const withoutCopies = assembleNextMessages({ branch: branchOf(turns, "t3"), newUserMessage: buildUserMessage("now at night"), now: later });
    expect(withoutCopies.unresolvedExpiredUrls).toHaveLength(2);
    await expect(alpha.generateV35({ messages: withoutCopies.messages, session: "conv-int" })).rejects.toMatchObject({ kind: "bad_request" });

    const t4 = await send("t4", "t3", "now at night", later);
    expect(t4.assembled.replacedUrls).toHaveLength(2);
    expect(t4.assembled.unresolvedExpiredUrls).toEqual([]);
    expect(t4.turn.status).toBe("succeeded");
    expect(t4.assembled.messages.map((message: AlphaMessage) => message.role)).toEqual([
      "user", "assistant", "tool", "assistant", // t1 + its history
      "user", "assistant", "tool", "assistant", // t3 + its history
      "user", // t4
    ]);
  });
});
