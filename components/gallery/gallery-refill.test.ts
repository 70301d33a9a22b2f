import { describe, expect, it } from "vitest";
import type { AssetDto } from "@/lib/assets/asset-dto";
import { refilledNotice, storedRequestOf } from "./gallery-refill";
import { videoInputIds, videoJobOf } from "./video-refill";

const asset = { id: "a1", kind: "upload", mime: "image/png", width: 10, height: 10, bytes: 100, durationMs: null, url: "/api/assets/a1", thumbnailUrl: null, downloadUrl: "", delivery: { url: "", thumbnailUrl: null, downloadUrl: "", expiresAt: "" }, role: null, position: 0, layout: null, createdAt: "" } satisfies AssetDto;

describe("a generator refilled from a gallery entry", () => {
  it("completes alpha v3's stored settings with the entry's prompt", () => {
    const values = { size: "1024x1024", seed: 3, seedWasRandom: false, footnote: null, revise: false, referenceAssetIds: [] };
    expect(storedRequestOf("alpha-v3", values, { prompt: "a red fox", model: "alpha-v3" })).toEqual({ prompt: "a red fox", model: "alpha-v3", params: values });
  });

  it("keeps beta's own prompt and names the model as the form does", () => {
    const values = { model: "beta-image-v5.0-lite", prompt: "stored prompt" };
    expect(storedRequestOf("beta", values, { prompt: "entry prompt", model: "beta-lite" })).toEqual({ prompt: "stored prompt", model: "beta-image-v5.0-lite", params: values });
  });

  it("says where the settings came from and what is missing", () => {
    expect(refilledNotice({ prompt: "a red fox", model: "alpha-v3" }, 0)).toEqual({ tone: "info", text: "Settings from “a red fox”. Change anything, then generate." });
    expect(refilledNotice({ prompt: "a red fox", model: "alpha-v3" }, 2).tone).toBe("warning");
    expect(refilledNotice({ prompt: "a red fox", model: "alpha-v3" }, 1).text).toContain("1 reference image is no longer available");
  });

  it("turns a video entry's stored form into a job for Duplicate, with the inputs still there", () => {
    const values = { task: "ref2va", prompt: "waves", durationSeconds: 5, shortEdge: 768, aspectRatio: "16:9", delivery720p: false, advanced: { steps: 20 }, inputs: [{ assetId: "a1", type: "image", slot: "reference" }, { assetId: "gone", type: "image", slot: "reference" }] };
    expect(videoInputIds(values)).toEqual(["a1", "gone"]);
    const job = videoJobOf(values, new Map([["a1", asset]]));
    expect(job.params.task).toBe("ref2va");
    expect(job.params.advanced).toEqual({ steps: 20 });
    expect(job.inputs.map((input) => input.asset?.id ?? null)).toEqual(["a1", null]);
    expect(job.seed).toBeNull();
  });

  it("fills what a damaged video form lacks with the form's defaults", () => {
    const job = videoJobOf({ prompt: "waves" }, new Map());
    expect(job.params.prompt).toBe("waves");
    expect(job.params.task).toBe("t2va");
    expect(job.params.inputs).toEqual([]);
    expect(videoInputIds(null)).toEqual([]);
  });
});
