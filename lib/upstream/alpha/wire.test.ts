import { describe, expect, it } from "vitest";
import { alphaRequestMessagesSchema } from "./wire-messages";
import { alphaV3RequestSchema, alphaV3ResponseSchema } from "./wire-v3";
import { alphaV35FrameSchema, alphaV35RequestSchema, serializeAlphaV35Request, type AlphaV35Request } from "./wire-v35";

const user = { role: "user" as const, content: [{ type: "text" as const, text: "hi" }] };
const assistantCall = {
  role: "assistant" as const,
  reasoning: "r",
  tool_calls: [{ id: "call_1", type: "function" as const, function: { name: "generate", arguments: "{}" } }],
};
const toolImage = (id: string, extra: Record<string, unknown> = { is_generate: true }) => ({
  role: "tool" as const,
  tool_call_id: id,
  content: [{ type: "image_url" as const, image_url: { url: "https://x.test/i.png" }, ...extra }],
});

function issues(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe("v3 request (strict, spec 4.1)", () => {
  it("accepts a full request and rejects unknown keys", () => {
    const ok = { model: "alpha-image-v3", prompt: "p", images: ["https://x.test/a.png"], size: "1024x1024", seed: 1, footnote: "©", revise: false };
    expect(alphaV3RequestSchema.safeParse(ok).success).toBe(true);
    expect(alphaV3RequestSchema.safeParse({ ...ok, extra: 1 }).success).toBe(false);
  });

  it("rejects out-of-range values", () => {
    const base = { model: "alpha-image-v3", prompt: "p" };
    for (const bad of [{ size: "auto" }, { size: "1024x1025" }, { seed: 0 }, { images: ["a", "b", "c", "d"] }, { model: "alpha-image-v3.5-preview" }]) {
      expect(alphaV3RequestSchema.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("v3 response (lenient, spec 2.1)", () => {
  it("keeps unknown fields and tolerates missing optional ones", () => {
    const parsed = alphaV3ResponseSchema.parse({ data: [{ url: "https://x.test/r.png", revised_prompt: null, extra: 1 }], new_field: true });
    expect(parsed.data[0]).toMatchObject({ url: "https://x.test/r.png", extra: 1 });
    expect(parsed).toMatchObject({ new_field: true });
  });

  it("requires at least one image URL", () => {
    expect(alphaV3ResponseSchema.safeParse({ data: [] }).success).toBe(false);
    expect(alphaV3ResponseSchema.safeParse({ data: [{}] }).success).toBe(false);
  });
});

describe("v3.5 messages (spec 2.3)", () => {
  it("accepts a replayed history", () => {
    expect(alphaRequestMessagesSchema.safeParse([user, assistantCall, toolImage("call_1"), user]).success).toBe(true);
  });

  it("requires tool_call_id to match an earlier tool call exactly", () => {
    expect(issues(alphaRequestMessagesSchema.safeParse([user, assistantCall, toolImage("call_1 "), user]))).toEqual([
      "tool_call_id must match the id of an earlier assistant tool call",
    ]);
    expect(alphaRequestMessagesSchema.safeParse([user, toolImage("call_1"), assistantCall, user]).success).toBe(false);
  });

  it("allows is_generate only on tool messages, and only as true", () => {
    const userWithMark = {
      role: "user",
      content: [
        { type: "text", text: "like this" },
        { type: "image_url", image_url: { url: "https://x.test/a.png" }, is_generate: true },
      ],
    };
    expect(issues(alphaRequestMessagesSchema.safeParse([userWithMark]))).toEqual(["is_generate is only for tool messages"]);
    expect(alphaRequestMessagesSchema.safeParse([user, assistantCall, toolImage("call_1", { is_generate: false }), user]).success).toBe(false);
  });

  it("keeps reasoning and tool_calls on assistant messages", () => {
    expect(issues(alphaRequestMessagesSchema.safeParse([{ ...user, reasoning: "x" }]))).toEqual(["reasoning is only for assistant messages"]);
  });

  it("needs content on user and tool messages and text in the last user message", () => {
    expect(issues(alphaRequestMessagesSchema.safeParse([user, { role: "user" }]))).toEqual([
      "content is required on user and tool messages",
      "the last user message must contain text",
    ]);
    const imageOnly = { role: "user", content: [{ type: "image_url", image_url: { url: "https://x.test/a.png" } }] };
    expect(issues(alphaRequestMessagesSchema.safeParse([imageOnly]))).toEqual(["the last user message must contain text"]);
  });

  it("needs a user message and accepts only http(s) or data:image URLs", () => {
    expect(issues(alphaRequestMessagesSchema.safeParse([{ role: "assistant", content: [] }]))).toEqual([
      "messages must contain a user message",
    ]);
    const fileUrl = { role: "user", content: [{ type: "image_url", image_url: { url: "file:///etc/passwd" } }] };
    expect(alphaRequestMessagesSchema.safeParse([fileUrl]).success).toBe(false);
  });
});

describe("v3.5 request (spec 4.2)", () => {
  const base: AlphaV35Request = { model: "alpha-image-v3.5-preview", messages: [user] };

  it("checks size, tiers, seed and footnote", () => {
    expect(alphaV35RequestSchema.safeParse({ ...base, size: "4096x4096", seed: "9223372036854775807", generate_max_pixels: 4194304 }).success).toBe(true);
    for (const bad of [{ size: "4096x4097" }, { seed: "9223372036854775808" }, { seed: "-1" }, { seed: "01" }, { generate_max_pixels: 2000000 }, { footnote: "x".repeat(17) }, { use_search_tool: true }]) {
      expect(alphaV35RequestSchema.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("serializes the int64 seed as a bare JSON integer without losing digits", () => {
    const json = serializeAlphaV35Request({ ...base, seed: "9223372036854775807" });
    expect(json).toBe('{"model":"alpha-image-v3.5-preview","messages":[{"role":"user","content":[{"type":"text","text":"hi"}]}],"seed":9223372036854775807}');
    expect(serializeAlphaV35Request(base)).toBe(JSON.stringify(base));
  });
});

describe("v3.5 frame (lenient, spec 2.2)", () => {
  it("reads a frame with unknown fields and nulls", () => {
    const frame = alphaV35FrameSchema.parse({
      object: "image.chat.completion.chunk",
      model: "anything",
      choices: [{ index: 0, delta: { type: "image", image: { url: "https://x.test/f.png", new: 1 } }, finish_reason: null }],
      assembled_history: [{ role: "assistant", content: null, reasoning: "r", extra: "dropped" }],
      surprise: { nested: true },
    });
    expect(frame.choices?.[0]?.delta?.image?.url).toBe("https://x.test/f.png");
    expect(frame.assembled_history).toEqual([{ role: "assistant", content: undefined, reasoning: "r", tool_calls: undefined, tool_call_id: undefined }]);
  });
});
