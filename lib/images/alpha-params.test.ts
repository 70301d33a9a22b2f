import { describe, expect, it } from "vitest";
import { alphaV35TurnFormSchema, alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { alphaV35ParamsFromForm, alphaV3ParamsFromForm } from "./alpha-params";

const messages = [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }];

describe("alphaV3ParamsFromForm", () => {
  it("omits auto size, random seed, empty footnote and missing images", () => {
    expect(alphaV3ParamsFromForm(alphaV3FormSchema.parse({ prompt: "p" }), [])).toEqual({ prompt: "p", revise: true });
  });

  it("passes explicit values through", () => {
    const values = alphaV3FormSchema.parse({ prompt: "p", size: "1280x720", seed: "42", footnote: "studio", revise: false });
    expect(alphaV3ParamsFromForm(values, ["data:image/png;base64,AA"])).toEqual({
      prompt: "p",
      images: ["data:image/png;base64,AA"],
      size: "1280x720",
      seed: 42,
      footnote: "studio",
      revise: false,
    });
  });
});

describe("alphaV35ParamsFromForm", () => {
  const context = { messages, session: "s-1" };

  it("auto sends neither size nor generate_max_pixels; search off is omitted", () => {
    expect(alphaV35ParamsFromForm(alphaV35TurnFormSchema.parse({ text: "t" }), context)).toEqual({ messages, session: "s-1" });
  });

  it("a tier becomes generate_max_pixels, an exact size becomes size", () => {
    expect(alphaV35ParamsFromForm(alphaV35TurnFormSchema.parse({ text: "t", size: "1.5K" }), context)).toMatchObject({ generate_max_pixels: 2359296 });
    const exact = alphaV35ParamsFromForm(alphaV35TurnFormSchema.parse({ text: "t", size: "4096x2048" }), context);
    expect(exact).toMatchObject({ size: "4096x2048" });
    expect(exact).not.toHaveProperty("generate_max_pixels");
  });

  it("passes seed (as text), footnote, resize limit and search", () => {
    const values = alphaV35TurnFormSchema.parse({
      text: "t",
      seed: "9223372036854775807",
      footnote: "©",
      resizeMaxPixels: 2_000_000,
      useSearchTool: true,
    });
    expect(alphaV35ParamsFromForm(values, context)).toEqual({
      messages,
      session: "s-1",
      seed: "9223372036854775807",
      footnote: "©",
      resize_max_pixels: 2_000_000,
      use_search_tool: { value: true },
    });
  });
});
