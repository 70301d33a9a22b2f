// Spec 4.4 GET /v1/videos: cursor paging, filters, order, no echo; bad parameters are invalid_json (spec 7.3).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVideoEmulator, type VideoTestEmulator } from "./test-harness";

let t: VideoTestEmulator;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startVideoEmulator();
  // Held in the queue: the list only needs records, not videos.
  await t.control("/pause", { stage: "generation" });
  const keyframes = [{ type: "image", uri: "https://example.test/first.png", role: "keyframe", frame_index: 0 }];
  for (const [name, task] of [["a", "t2va"], ["b", "fl2va"], ["c", "t2va"], ["d", "fl2va"], ["e", "t2va"]] as const) {
    const response = await t.submit({ prompt: `job ${name}`, task, ...(task === "fl2va" ? { conditions: keyframes } : {}) });
    expect(response.status).toBe(200);
    ids[name] = response.json.id;
  }
  await t.call(t.agent, "DELETE", `/v1/videos/${ids.c}`);
});
afterAll(async () => {
  await t?.close();
});

const list = (query = "") => t.call(t.agent, "GET", `/v1/videos${query}`);
const names = (data: { id: string }[]) => data.map((job) => Object.keys(ids).find((name) => ids[name] === job.id));

describe("spec 4.4 list", () => {
  it("lists newest first in `data` (array name our choice) without echo", async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(names(response.json.data)).toEqual(["e", "d", "c", "b", "a"]);
    expect(response.json).toMatchObject({ has_more: false, next_cursor: null });
    for (const job of response.json.data) {
      expect(job).not.toHaveProperty("echo");
      expect(job).toHaveProperty("status");
    }
    expect(response.json.data[0].queue_position).toBe(4);
  });

  it("pages with limit, has_more, next_cursor and after", async () => {
    const first = await list("?limit=2");
    expect(names(first.json.data)).toEqual(["e", "d"]);
    expect(first.json).toMatchObject({ has_more: true, next_cursor: ids.d });
    const second = await list(`?limit=2&after=${first.json.next_cursor}`);
    expect(names(second.json.data)).toEqual(["c", "b"]);
    expect(second.json).toMatchObject({ has_more: true, next_cursor: ids.b });
    const last = await list(`?limit=2&after=${second.json.next_cursor}`);
    expect(names(last.json.data)).toEqual(["a"]);
    expect(last.json).toMatchObject({ has_more: false, next_cursor: null });
  });

  it("filters by task and by status (canceled, queued)", async () => {
    expect(names((await list("?task=fl2va")).json.data)).toEqual(["d", "b"]);
    expect(names((await list("?status=canceled")).json.data)).toEqual(["c"]);
    expect(names((await list("?status=queued&task=t2va")).json.data)).toEqual(["e", "a"]);
    expect((await list("?status=completed")).json).toEqual({ data: [], has_more: false, next_cursor: null });
  });

  it("orders ascending on request; `after` still means created earlier than the cursor (spec wording)", async () => {
    expect(names((await list("?order=asc")).json.data)).toEqual(["a", "b", "c", "d", "e"]);
    expect(names((await list(`?order=asc&after=${ids.c}`)).json.data)).toEqual(["a", "b"]);
  });

  it("answers invalid_json for a bad limit, status, order, task, cursor or an unknown parameter", async () => {
    const cases: [string, string][] = [
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?limit=two", "limit"],
      ["?status=done", "status"],
      ["?order=newest", "order"],
      ["?task=i2v", "task"],
      ["?after=video_unknown", "after"],
      ["?page=2", "page"],
      ["?limit=1&limit=2", "limit"],
    ];
    for (const [query, param] of cases) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(response.json.error, query).toMatchObject({ code: "invalid_json", param });
      expect(response.json.request_id).toMatch(/^req_/);
    }
  });
});
