// The inference server client against a fake fetch (spec 4.5: only `id` and `status` are shown).
import { describe, expect, it } from "vitest";
import { createVideoInferenceClient, type InferenceSubmitBody } from "./inference-client";

function fakeServer(answer: () => Response) {
  const urls: string[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    urls.push(String(input));
    return answer();
  };
  return { urls, client: createVideoInferenceClient({ baseUrl: "http://inference.test", fetch: fetchImpl }) };
}

const body: InferenceSubmitBody = {
  model: "gamma-video-h3",
  prompt: "a fox",
  seconds: 4,
  task: "t2va",
  target: { short_edge: 768, aspect_ratio: "16:9" },
  num_outputs_per_prompt: 1,
};

describe("the inference client", () => {
  it("a POST answer with only an id is queued; everything the answer holds stays in raw", async () => {
    const { client, urls } = fakeServer(() => Response.json({ id: "inf_1", eta_seconds: 12 }));
    expect(await client.submit(body)).toEqual({ id: "inf_1", status: "queued", resolution: null, error: null, raw: expect.objectContaining({ id: "inf_1", eta_seconds: 12 }) });
    expect(urls).toEqual(["http://inference.test/v1/videos"]);
  });

  it("GET needs a status and reads a failure's code", async () => {
    const failed = fakeServer(() => Response.json({ id: "inf_1", status: "failed", error: { code: "generation_failed", message: "oom" } }));
    expect(await failed.client.get("inf_1")).toMatchObject({ status: "failed", error: { code: "generation_failed", message: "oom" } });
    const statusless = fakeServer(() => Response.json({ id: "inf_1" }));
    await expect(statusless.client.get("inf_1")).rejects.toMatchObject({ name: "VideoResponseError" });
  });

  it("health answers whatever the status, with a JSON body parsed and any other body as text", async () => {
    expect(await fakeServer(() => Response.json({ status: "ok" })).client.health()).toEqual({ httpStatus: 200, body: { status: "ok" } });
    expect(await fakeServer(() => new Response("warming up", { status: 503 })).client.health()).toEqual({ httpStatus: 503, body: "warming up" });
    expect(await fakeServer(() => new Response(null, { status: 503 })).client.health()).toEqual({ httpStatus: 503, body: null });
  });
});
