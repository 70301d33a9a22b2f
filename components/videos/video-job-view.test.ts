import { describe, expect, it } from "vitest";
import type { AssetDto } from "@/lib/assets/asset-dto";
import { DELIVERY_REFRESH_MS } from "@/lib/assets/delivery-lifetime";
import { VIDEO_PHASES, type VideoPhase } from "@/lib/videos/video-dto";
import { videoFormSchema } from "@/lib/videos/video-schemas";
import {
  ACTIVE_REFRESH_MS,
  activeDetail,
  deliveredSizeLabel,
  echoRows,
  isActivePhase,
  jobClockText,
  phaseBadge,
  refreshInterval,
  requestedSizeLabel,
  stageIndex,
} from "./video-job-view";

const fileAsset: AssetDto = {
  id: "a",
  kind: "upload",
  mime: "image/png",
  width: 8,
  height: 8,
  bytes: 100,
  durationMs: null,
  url: "/api/assets/a",
  thumbnailUrl: null,
  downloadUrl: "/api/assets/a?download=1",
  delivery: { url: "/api/delivery/a", thumbnailUrl: null, downloadUrl: "/api/delivery/a", expiresAt: "" },
  role: null,
  position: 0,
  layout: null,
  createdAt: "",
};
const params = (patch: Record<string, unknown> = {}) => videoFormSchema.parse({ task: "t2va", prompt: "rain", ...patch });

describe("refreshInterval", () => {
  const job = (phase: VideoPhase, files: { video?: boolean; input?: boolean } = {}) => ({
    phase,
    video: files.video ? fileAsset : null,
    inputs: files.input ? [{ assetId: "a", type: "image" as const, slot: "first" as const, asset: fileAsset }] : [],
  });

  it("reads again every 5 s while any job is under way, for delivery URLs once all have ended, and never without files", () => {
    expect(refreshInterval([job("ready", { video: true }), job("queued")])).toBe(ACTIVE_REFRESH_MS);
    expect(refreshInterval([job("archiving")])).toBe(5000);
    expect(refreshInterval([job("ready", { video: true }), job("failed")])).toBe(DELIVERY_REFRESH_MS);
    expect(refreshInterval([job("failed", { input: true })])).toBe(DELIVERY_REFRESH_MS);
    expect(refreshInterval([job("failed"), job("canceled"), job("gone"), job("lost")])).toBe(false);
    expect(refreshInterval([])).toBe(false);
  });
});

describe("phases", () => {
  it("treats submitting, reconciling, queued, running and archiving as under way", () => {
    expect(VIDEO_PHASES.filter(isActivePhase)).toEqual(["submitting", "reconciling", "queued", "running", "archiving"]);
  });

  it("shows the place in line while queued (spec 2.5 queue_position)", () => {
    expect(phaseBadge({ phase: "queued", queuePosition: 3 })).toEqual({ label: "Queued · #3", tone: "accent" });
    expect(phaseBadge({ phase: "queued", queuePosition: null }).label).toBe("Queued");
    expect(phaseBadge({ phase: "ready", queuePosition: null })).toEqual({ label: "Ready", tone: "success" });
    expect(phaseBadge({ phase: "failed", queuePosition: null }).tone).toBe("danger");
  });

  it("steps through the normal path (spec 3.1) and leaves it for the other endings", () => {
    const order: VideoPhase[] = ["submitting", "queued", "running", "archiving", "ready"];
    expect(order.map(stageIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(stageIndex("reconciling")).toBe(0);
    for (const phase of ["failed", "canceled", "lost", "gone"] as const) expect(stageIndex(phase)).toBe(-1);
  });

  it("says what happens now, post-processing included above 768 (spec 4.4)", () => {
    expect(activeDetail({ phase: "queued", queuePosition: 2, params: params(), hold: null })).toBe("Waiting in the video service's queue, position 2.");
    expect(activeDetail({ phase: "running", queuePosition: null, params: params({ shortEdge: 1080 }), hold: null })).toMatch(/post-processing/);
    expect(activeDetail({ phase: "running", queuePosition: null, params: params(), hold: null })).not.toMatch(/post-processing/);
    expect(activeDetail({ phase: "archiving", queuePosition: null, params: params({ delivery720p: true }), hold: null })).toMatch(/720p/);
  });

  it("says a held job is not sent yet, and a job being sent that it is being sent", () => {
    const hold = { code: "queue_full", message: "The video service's queue is full", retryAt: "2026-03-02T10:01:00.000Z" };
    expect(activeDetail({ phase: "submitting", queuePosition: null, params: params(), hold })).toMatch(/^Not sent yet/);
    expect(activeDetail({ phase: "submitting", queuePosition: null, params: params(), hold: null })).toBe("Sending the job to the video service.");
  });
});

describe("jobClockText", () => {
  const createdAt = "2026-11-22T10:00:00.000Z";
  const now = Date.parse("2026-11-22T10:02:05.000Z");

  it("counts while the job is under way and shows its total, as the activity tray does, once it has ended", () => {
    expect(jobClockText({ createdAt, finishedAt: null, phase: "running" }, now)).toBe("2:05");
    expect(jobClockText({ createdAt, finishedAt: "2026-11-22T10:01:10.000Z", phase: "ready" }, now)).toBe("took 1 min 10 s");
    expect(jobClockText({ createdAt, finishedAt: "2026-11-22T10:00:10.400Z", phase: "failed" }, now)).toBe("took 10.4 s");
  });

  it("stands still for an ended job whose end is unknown instead of counting on", () => {
    expect(jobClockText({ createdAt, finishedAt: null, phase: "failed" }, now)).toBeNull();
  });
});

describe("sizes", () => {
  it("says what was asked: native 768 or the family it is post-processed to", () => {
    expect(requestedSizeLabel({ shortEdge: 768, aspectRatio: "16:9" })).toBe("768 (native) · 16:9");
    expect(requestedSizeLabel({ shortEdge: 1024, aspectRatio: "9:16" })).toBe("1024 → 1080p family · 9:16");
    expect(requestedSizeLabel({ shortEdge: 2160, aspectRatio: "1:1" })).toBe("2160 → 4K family · 1:1");
  });

  it("writes the agent's resolution with a multiplication sign", () => {
    expect(deliveredSizeLabel("1920x1080")).toBe("1920×1080");
    expect(deliveredSizeLabel(null)).toBeNull();
  });
});

describe("echoRows (spec 2.5 echo)", () => {
  it("flattens nested arguments to one row per value", () => {
    expect(
      echoRows({
        task: "ref2va",
        seconds: 5,
        target: { short_edge: 1080, aspect_ratio: "16:9" },
        conditions: [{ type: "image", role: "reference" }],
        seed: 42,
        x_metadata: null,
      }),
    ).toEqual([
      ["task", "ref2va"],
      ["seconds", "5"],
      ["target.short_edge", "1080"],
      ["target.aspect_ratio", "16:9"],
      ["conditions[0].type", "image"],
      ["conditions[0].role", "reference"],
      ["seed", "42"],
      ["x_metadata", "null"],
    ]);
    expect(echoRows(null)).toEqual([]);
    expect(echoRows({ conditions: [] })).toEqual([["conditions", "[]"]]);
  });
});
