import { describe, expect, it } from "vitest";
import { interpretV35FinalFrame } from "./v35-result";

const history = [{ role: "assistant" as const, content: [{ type: "text" as const, text: "done" }] }];

describe("interpretV35FinalFrame (spec 2.2)", () => {
  it("success is judged by delta.image.url, whatever finish_reason says", () => {
    const result = interpretV35FinalFrame({
      model: "internal-v9",
      request_id: "r1",
      usage: { total_tokens: 10 },
      gateway_usage: { total_tokens: 12 },
      choices: [{ delta: { image: { url: "https://x.test/f.png", width: 2048, height: 2048, tool_call_id: "c1" } }, finish_reason: "stop" }],
      assembled_history: history,
    });
    expect(result).toMatchObject({
      ok: true,
      image: { url: "https://x.test/f.png", width: 2048, height: 2048, toolCallId: "c1" },
      assembledHistory: history,
      requestId: "r1",
      totalTokens: 12,
      upstreamModel: "internal-v9",
    });
  });

  it("falls back to usage.total_tokens and an empty history", () => {
    const result = interpretV35FinalFrame({ usage: { total_tokens: 7 }, choices: [{ delta: { image: { url: "u" } } }] });
    expect(result).toMatchObject({ ok: true, totalTokens: 7, assembledHistory: [] });
  });

  it("a content_filter frame is a typed failed result", () => {
    const result = interpretV35FinalFrame({
      choices: [{ index: 0, delta: {}, finish_reason: "error" }],
      error: { type: "invalid_request_error", code: "content_filter", message: "blocked", request_id: "r2" },
    });
    expect(result).toMatchObject({
      ok: false,
      blocked: true,
      finishReason: "error",
      requestId: "r2",
      error: { type: "invalid_request_error", code: "content_filter", message: "blocked" },
      userMessage: "Blocked by content safety — adjust the prompt or image and try again.",
    });
  });

  it("another business error is a failed result with the request id", () => {
    const result = interpretV35FinalFrame({ request_id: "r3", choices: [{ delta: {}, finish_reason: "error" }], error: { code: "quota" } });
    expect(result).toMatchObject({ ok: false, blocked: false, requestId: "r3", userMessage: expect.stringContaining("quote the request id") });
    expect(result.ok === false && result.userMessage).not.toContain("r3");
  });

  it("does not branch on the model field", () => {
    const frame = { choices: [{ delta: { image: { url: "u" } } }] };
    expect(interpretV35FinalFrame({ ...frame, model: "a" }).ok).toBe(interpretV35FinalFrame({ ...frame, model: "zzz" }).ok);
  });

  it("a frame with neither image nor error is invalid_response", () => {
    expect(() => interpretV35FinalFrame({ request_id: "r4", choices: [{ delta: {}, finish_reason: null }] })).toThrow(
      expect.objectContaining({ kind: "invalid_response", requestId: "r4" }),
    );
    expect(() => interpretV35FinalFrame({})).toThrow(expect.objectContaining({ kind: "invalid_response" }));
  });
});
