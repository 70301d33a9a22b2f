import { describe, expect, it } from "vitest";
import { createConversationSchema, renameConversationSchema, sendTurnSchema } from "@/lib/chat/schemas";
import { ALPHA_V35_MESSAGE_MAX_CODE_POINTS, alphaV35TurnFormSchema, alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { safeText, textProblem } from "./text";

function firstMessage(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0];
  return `${issue.path.join(".")}: ${issue.message}`;
}

describe("shared schemas refuse NUL characters and lone surrogates, naming the field", () => {
  it("recognises both, and leaves real text alone", () => {
    expect(textProblem("a\u0000b")).toMatch(/NUL/);
    expect(textProblem("\ud800")).toMatch(/lone surrogates/);
    expect(textProblem("x\udc00y")).toMatch(/lone surrogates/);
    expect(textProblem("Café 😀 日本")).toBeUndefined();
    expect(safeText("Name").safeParse("ok").success).toBe(true);
  });

  it.each([
    ["conversation title (create)", () => createConversationSchema.safeParse({ title: "a\u0000" }), "title: Title must not contain NUL"],
    ["conversation title (rename)", () => renameConversationSchema.safeParse({ title: "\ud800" }), "title: Title must not contain lone surrogates"],
    ["v3 prompt", () => alphaV3FormSchema.safeParse({ prompt: "cat\u0000" }), "prompt: Prompt must not contain NUL"],
    ["v3 footnote", () => alphaV3FormSchema.safeParse({ prompt: "cat", footnote: "\ud800" }), "footnote: Footnote must not contain lone surrogates"],
    ["chat text", () => sendTurnSchema.safeParse({ text: "hi \ud800", parentTurnId: null }), "text: Message must not contain lone surrogates"],
    ["chat text NUL", () => sendTurnSchema.safeParse({ text: "hi\u0000", parentTurnId: null }), "text: Message must not contain NUL"],
    [
      "reference image id",
      () => alphaV3FormSchema.safeParse({ prompt: "cat", images: [{ assetId: "a\u0000", mime: "image/png", bytes: 10 }] }),
      "images.0.assetId: Reference image id must not contain NUL",
    ],
    ["v3.5 seed", () => alphaV35TurnFormSchema.safeParse({ text: "hi", seed: "1\u0000" }), "seed: Seed must not contain NUL"],
  ])("%s", (_name, parse, expected) => {
    expect(firstMessage(parse())).toContain(expected);
  });
});

describe("chat text is capped like the v3 prompt", () => {
  it("accepts the limit and refuses one code point more, counting an emoji once", () => {
    expect(alphaV35TurnFormSchema.safeParse({ text: "x".repeat(ALPHA_V35_MESSAGE_MAX_CODE_POINTS) }).success).toBe(true);
    expect(alphaV35TurnFormSchema.safeParse({ text: "😀".repeat(ALPHA_V35_MESSAGE_MAX_CODE_POINTS) }).success).toBe(true);
    const message = firstMessage(alphaV35TurnFormSchema.safeParse({ text: "x".repeat(ALPHA_V35_MESSAGE_MAX_CODE_POINTS + 1) }));
    expect(message).toBe(`text: Message must be at most ${ALPHA_V35_MESSAGE_MAX_CODE_POINTS} characters (it has ${ALPHA_V35_MESSAGE_MAX_CODE_POINTS + 1})`);
  });

  it("refuses a 1 MB message", () => {
    expect(sendTurnSchema.safeParse({ text: "x".repeat(1_000_000), parentTurnId: null }).success).toBe(false);
  });
});
