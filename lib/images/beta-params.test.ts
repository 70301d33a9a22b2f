import { describe, expect, it } from "vitest";
import { betaRequestSchema } from "@/lib/upstream/beta/wire";
import { betaParamsFromForm } from "./beta-params";
import { betaFormSchema, type BetaFormInput } from "./beta-schemas";

const REF = "data:image/png;base64,iVBORw0KGgo=";
const asset = { assetId: "00000000-0000-4000-8000-000000000001", mime: "image/png" as const, bytes: 10 };

function form(input: Partial<BetaFormInput>) {
  return betaFormSchema.parse({ model: "beta-image-v5.0-pro", prompt: "a fox", size: { method: "tier", tier: "2K" }, ...input });
}

describe("betaParamsFromForm (spec 4.3)", () => {
  it("pro text-to-image: tier size, output and response format, watermark; no lite fields", () => {
    const body = betaParamsFromForm(form({ optimizePrompt: "standard", background: "opaque", outputFormat: "jpeg", watermark: true }), []);
    expect(body).toEqual({
      model: "beta-image-v5.0-pro",
      prompt: "a fox",
      size: "2K",
      optimize_prompt_options: { mode: "standard" },
      output_format: "jpeg",
      background: "opaque",
      response_format: "url",
      watermark: true,
    });
    expect(betaRequestSchema.safeParse(body).success).toBe(true);
  });

  it("pro layer decomposition: the flag, the one image, the auto tier", () => {
    const body = betaParamsFromForm(form({ layerDecomposition: true, size: { method: "tier", tier: "auto" }, images: [asset], background: "transparent" }), [REF]);
    expect(body).toMatchObject({ layer_decomposition: true, images: [REF], size: "auto", background: "transparent", output_format: "png" });
    expect(betaRequestSchema.safeParse(body).success).toBe(true);
  });

  it("width × height goes as WxH, never beside a tier", () => {
    const body = betaParamsFromForm(form({ size: { method: "pixels", width: 1920, height: 1080 } }), []);
    expect(body.size).toBe("1920x1080");
  });

  it("lite group: sequential auto with max_images, web search, b64_json; no pro fields", () => {
    const body = betaParamsFromForm(
      form({ model: "beta-image-v5.0-lite", size: { method: "tier", tier: "4K" }, group: { maxImages: 4 }, webSearch: true, responseFormat: "b64_json" }),
      [REF, REF],
    );
    expect(body).toEqual({
      model: "beta-image-v5.0-lite",
      prompt: "a fox",
      images: [REF, REF],
      size: "4K",
      output_format: "png",
      response_format: "b64_json",
      sequential_image_generation: "auto",
      sequential_image_generation_options: { max_images: 4 },
      tools: { type: "web_search" },
      watermark: false,
    });
    expect(betaRequestSchema.safeParse(body).success).toBe(true);
  });

  it("lite without a group asks for a single image explicitly", () => {
    const body = betaParamsFromForm(form({ model: "beta-image-v5.0-lite" }), []);
    expect(body.sequential_image_generation).toBe("disabled");
    expect(body).not.toHaveProperty("sequential_image_generation_options");
    expect(body).not.toHaveProperty("tools");
  });

  it("drops a control the model does not offer even if the values carry it", () => {
    const values = { ...form({}), model: "beta-image-v5.0-lite" as const, size: { method: "tier" as const, tier: "2K" as const }, layerDecomposition: true, background: "transparent" as const, optimizePrompt: "fast" as const };
    const body = betaParamsFromForm(values, [REF]);
    expect(body).not.toHaveProperty("layer_decomposition");
    expect(body).not.toHaveProperty("background");
    expect(body).not.toHaveProperty("optimize_prompt_options");
    const proBody = betaParamsFromForm({ ...form({}), group: { maxImages: 3 }, webSearch: true }, []);
    expect(proBody).not.toHaveProperty("sequential_image_generation");
    expect(proBody).not.toHaveProperty("tools");
  });
});
