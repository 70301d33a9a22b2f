// Shared helpers of the emulator/video contract tests: a fast-mode emulator and small HTTP helpers.
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { startEmulator, type RunningEmulator } from "../index";

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON body; the tests read arbitrary fields of it. */
  json: any;
}

export interface VideoTestEmulator {
  emulator: RunningEmulator;
  agent: string;
  inference: string;
  image: string;
  call(base: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
  submit(body: unknown): Promise<ApiResponse>;
  job(id: string): Promise<ApiResponse>;
  control(path: string, body?: unknown): Promise<ApiResponse>;
  /** Polls the job until `done` holds (default: a final status) and returns it. */
  waitForJob(id: string, done?: (job: ApiResponse["json"]) => boolean, timeoutMs?: number): Promise<ApiResponse["json"]>;
  close(): Promise<void>;
}

const FINAL = new Set(["completed", "failed", "canceled"]);

export async function startVideoEmulator(video: Record<string, unknown> = {}): Promise<VideoTestEmulator> {
  const emulator = await startEmulator({ config: { latency: "fast", video }, ports: { image: 0, agent: 0, inference: 0 } });
  const call = async (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      redirect: "manual",
      headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json };
  };
  const agent = emulator.urls.agent;
  const job = (id: string) => call(agent, "GET", `/v1/videos/${id}`);
  return {
    emulator,
    agent,
    inference: emulator.urls.inference,
    image: emulator.urls.image,
    call,
    submit: (body) => call(agent, "POST", "/v1/videos", body),
    job,
    control: (path, body = {}) => call(agent, "POST", `/__emulator/video${path}`, body),
    async waitForJob(id, done = (value) => FINAL.has(value?.status), timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const response = await job(id);
        if (done(response.json)) return response.json;
        if (Date.now() > deadline) throw new Error(`job ${id} did not reach the expected state: ${JSON.stringify(response.json)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => emulator.close(),
  };
}

/** A PNG of the given size as a data: URL (condition fixtures). */
export async function pngDataUrl(width: number, height: number, color = "#3366cc"): Promise<string> {
  const { default: sharp } = await import("sharp");
  const png = await sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** A silent 16-bit mono WAV of the given length as a data: URL. */
export function wavDataUrl(seconds: number, sampleRate = 8000): string {
  return `data:audio/wav;base64,${wavBytes(seconds, sampleRate).toString("base64")}`;
}

export function wavBytes(seconds: number, sampleRate = 8000): Buffer {
  const dataBytes = Math.round(seconds * sampleRate) * 2;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes)]);
}

/**
 * Registers the hooks most contract test files need: one fast emulator for the file, reset before
 * each test. The returned object forwards to that emulator once it has started.
 */
export function useVideoEmulator(video: Record<string, unknown> = {}): VideoTestEmulator {
  let current: VideoTestEmulator | undefined;
  beforeAll(async () => {
    current = await startVideoEmulator(video);
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(async () => {
    await current!.call(current!.agent, "POST", "/__emulator/reset");
  });
  return new Proxy({} as VideoTestEmulator, { get: (_target, key) => Reflect.get(current!, key) });
}

/** A spec 7.3 error body: `{error: {code, message, param}, request_id}` with the given status. */
export function expectVideoError(response: ApiResponse, status: number, code: string, param: string | null) {
  expect(response.status).toBe(status);
  expect(response.json.error).toMatchObject({ code, param });
  expect(typeof response.json.error.message).toBe("string");
  expect(response.json.request_id).toMatch(/^req_[0-9a-f]{32}$/);
}
