// The agent client against a fake fetch: what goes on the wire per endpoint (spec 4.4) and how each
// answer reads. The real agent (the emulator) is exercised in client.int.test.ts.
import { describe, expect, it } from "vitest";
import { createVideoAgentClient } from "./agent-client";
import { VideoApiError, VideoResponseError, VideoTransportError } from "./errors";
import type { VideoSubmitBody } from "./wire";

type Sent = { url: URL; method: string; headers: Headers; body: string | null };

/** A fetch that records each request and answers with `answer(sent)`. */
function fakeAgent(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request: Sent = {
      url: new URL(String(input)),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? init.body : null,
    };
    sent.push(request);
    return answer(request);
  };
  return { sent, client: createVideoAgentClient({ baseUrl: "http://agent.test/", fetch: fetchImpl }) };
}

const body: VideoSubmitBody = {
  model: "gamma-video-h3",
  prompt: "a lighthouse",
  task: "t2va",
  seconds: 5,
  target: { short_edge: 768, aspect_ratio: "16:9" },
  x_metadata: { studio_job: "job_1" },
};

const record = (fields: Record<string, unknown> = {}) => ({ id: "vid_1", task: "t2va", status: "queued", created_at: 1_700_000_000, warnings: [], ...fields });

describe("submit", () => {
  it("POSTs the JSON body once and reads the job record", async () => {
    const { client, sent } = fakeAgent(() => Response.json(record({ queue_position: 1, echo: { seed: 3 } })));
    const job = await client.submit(body);
    expect(job).toMatchObject({ id: "vid_1", status: "queued", queue_position: 1, echo: { seed: 3 } });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe("POST");
    expect(sent[0]!.url.href).toBe("http://agent.test/v1/videos");
    expect(sent[0]!.headers.get("content-type")).toBe("application/json");
    expect(sent[0]!.headers.has("authorization")).toBe(false);
    expect(JSON.parse(sent[0]!.body!)).toEqual(body);
  });

  it("an answer with only an id is a queued job with nulls (spec 4.4: other fields not shown)", async () => {
    const { client } = fakeAgent(() => Response.json({ id: "vid_9" }));
    expect(await client.submit(body)).toMatchObject({ id: "vid_9", task: "t2va", status: "queued", created_at: null, echo: null, warnings: [] });
  });

  it("a refusal is thrown once, never retried", async () => {
    const { client, sent } = fakeAgent(() =>
      Response.json({ error: { code: "queue_full", message: "full", param: null }, request_id: "r1" }, { status: 429, headers: { "Retry-After": "60" } }),
    );
    await expect(client.submit(body)).rejects.toMatchObject({ status: 429, code: "queue_full", retryAfterSeconds: 60, requestId: "r1" });
    expect(sent).toHaveLength(1);
  });

  it("a 500 or a dropped connection is not retried either", async () => {
    const failing = fakeAgent(() => Response.json({ error: { code: "internal_error", message: "x", param: null }, request_id: "r" }, { status: 500 }));
    await expect(failing.client.submit(body)).rejects.toBeInstanceOf(VideoApiError);
    expect(failing.sent).toHaveLength(1);
    const dropped = fakeAgent(() => {
      throw new TypeError("fetch failed");
    });
    await expect(dropped.client.submit(body)).rejects.toMatchObject({ kind: "network" });
    expect(dropped.sent).toHaveLength(1);
  });

  it("submit waits longer than the other calls (submitTimeoutMs vs timeoutMs)", async () => {
    const slow: typeof fetch = (_input, init) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(Response.json(record())), 60);
        init?.signal?.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(new DOMException("aborted", "AbortError"));
        });
      });
    const client = createVideoAgentClient({ baseUrl: "http://agent.test", timeoutMs: 20, submitTimeoutMs: 1_000, fetch: slow });
    await expect(client.submit(body)).resolves.toMatchObject({ id: "vid_1" });
    const error = await client.get("vid_1").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VideoTransportError);
    expect(error).toMatchObject({ kind: "timeout" });
  });
});

describe("get and list", () => {
  it("GETs the job by its encoded id", async () => {
    const { client, sent } = fakeAgent(() => Response.json(record({ id: "a/b", status: "running", started_at: 1_700_000_005 })));
    expect(await client.get("a/b")).toMatchObject({ id: "a/b", status: "running", started_at: 1_700_000_005 });
    expect(sent[0]!.url.pathname).toBe("/v1/videos/a%2Fb");
  });

  it("a 404 after expiry is a VideoApiError not_found", async () => {
    const { client } = fakeAgent(() => Response.json({ error: { code: "not_found", message: "gone", param: "id" }, request_id: "r" }, { status: 404 }));
    await expect(client.get("vid_1")).rejects.toMatchObject({ status: 404, code: "not_found", param: "id" });
  });

  it("lists newest first with the filters given, and reads has_more and next_cursor", async () => {
    const { client, sent } = fakeAgent(() => Response.json({ jobs: [record(), record({ id: "vid_0" })], has_more: true, next_cursor: "vid_0" }));
    const page = await client.list({ limit: 2, after: "vid_5", task: "t2va", status: "queued" });
    expect(page).toMatchObject({ hasMore: true, nextCursor: "vid_0", jobs: [{ id: "vid_1" }, { id: "vid_0" }] });
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toEqual({ order: "desc", limit: "2", after: "vid_5", task: "t2va", status: "queued" });
  });

  it("sends only the filters given", async () => {
    const { client, sent } = fakeAgent(() => Response.json({ items: [], has_more: false, next_cursor: null }));
    expect(await client.list({})).toEqual({ jobs: [], hasMore: false, nextCursor: null });
    expect(sent[0]!.url.search).toBe("?order=desc");
  });

  it("a 200 with an unreadable body is a VideoResponseError", async () => {
    const { client } = fakeAgent(() => new Response("<html>maintenance</html>", { status: 200 }));
    await expect(client.get("vid_1")).rejects.toBeInstanceOf(VideoResponseError);
  });
});

describe("content", () => {
  it("returns the streaming answer unread and sends Range when asked", async () => {
    const { client, sent } = fakeAgent(() => new Response("MP4", { status: 206, headers: { "Content-Type": "video/mp4", "Content-Range": "bytes 0-2/10" } }));
    const response = await client.content("vid_1", { range: "bytes=0-2" });
    expect(response.status).toBe(206);
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe("MP4");
    expect(sent[0]!.url.pathname).toBe("/v1/videos/vid_1/content");
    expect(sent[0]!.headers.get("range")).toBe("bytes=0-2");
  });

  it("409 content_not_ready is a VideoApiError", async () => {
    const { client } = fakeAgent(() => Response.json({ error: { code: "content_not_ready", message: "job is running", param: "id" }, request_id: "r" }, { status: 409 }));
    await expect(client.content("vid_1")).rejects.toMatchObject({ status: 409, code: "content_not_ready" });
  });
});

describe("remove", () => {
  it("a queued job answers its canceled record; a finished one is deleted", async () => {
    const canceled = fakeAgent(() => Response.json(record({ status: "canceled", completed_at: 1_700_000_009 })));
    expect(await canceled.client.remove("vid_1")).toMatchObject({ deleted: false, record: { status: "canceled" } });
    expect(canceled.sent[0]!.method).toBe("DELETE");
    const deleted = fakeAgent(() => Response.json({ id: "vid_1", deleted: true }));
    expect(await deleted.client.remove("vid_1")).toEqual({ deleted: true, record: null });
  });

  it("409 cannot_cancel on a running job is a VideoApiError", async () => {
    const { client } = fakeAgent(() => Response.json({ error: { code: "cannot_cancel", message: "running", param: "id" }, request_id: "r" }, { status: 409 }));
    await expect(client.remove("vid_1")).rejects.toMatchObject({ code: "cannot_cancel", status: 409 });
  });
});

describe("partition and health", () => {
  const partition = { current: "fl2va", ready: true, state: "ready", allowed: ["fl2va", "ref2va"] };

  it("switchPartition POSTs the mode and tells 202 from 200", async () => {
    const started = fakeAgent(() => Response.json({ ...partition, state: "switching", ready: false, accepted: true }, { status: 202 }));
    expect(await started.client.switchPartition("ref2va")).toEqual({
      httpStatus: 202,
      report: { current: "fl2va", ready: false, state: "switching", allowed: ["fl2va", "ref2va"], accepted: true },
    });
    expect(JSON.parse(started.sent[0]!.body!)).toEqual({ partition: "ref2va" });
    const already = fakeAgent(() => Response.json({ ...partition, accepted: false }));
    expect(await already.client.switchPartition("fl2va")).toMatchObject({ httpStatus: 200, report: { accepted: false } });
  });

  it("another 2xx to a switch is unreadable", async () => {
    const { client } = fakeAgent(() => Response.json(partition, { status: 201 }));
    await expect(client.switchPartition("fl2va")).rejects.toBeInstanceOf(VideoResponseError);
  });

  it("health: a 503 carrying the report is a degraded report", async () => {
    const { client, sent } = fakeAgent(() =>
      Response.json({ status: "degraded", dependencies: { moderation: "degraded", database: "ok", partition: "ok" }, queue: { queued: 0, limit: 8 }, partition: "fl2va" }, { status: 503 }),
    );
    expect(await client.health()).toMatchObject({ httpStatus: 503, report: { status: "degraded", dependencies: { moderation: "degraded" }, queue: { limit: 8 } } });
    expect(sent[0]!.url.pathname).toBe("/healthz");
  });

  it("health: a 503 without a report is a refusal, keeping Retry-After", async () => {
    const spec73 = fakeAgent(() => Response.json({ error: { code: "partition_detect_failed", message: "x", param: null }, request_id: "r" }, { status: 503, headers: { "Retry-After": "30" } }));
    await expect(spec73.client.health()).rejects.toMatchObject({ status: 503, code: "partition_detect_failed", retryAfterSeconds: 30 });
    const proxy = fakeAgent(() => new Response("Service Unavailable", { status: 503 }));
    await expect(proxy.client.health()).rejects.toMatchObject({ status: 503, code: "http_503" });
  });
});
