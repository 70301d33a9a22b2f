import { describe, expect, it } from "vitest";
import { z } from "zod";
import { alphaMessageSchema, alphaRequestMessagesSchema, type AlphaMessage } from "@/lib/upstream/alpha/wire-messages";
import { alphaV35FrameSchema } from "@/lib/upstream/alpha/wire-v35";
import { interpretV35FinalFrame } from "@/lib/upstream/alpha/v35-result";
import fixture from "./__fixtures__/three-turn-conversation.json";
import {
  ALPHA_IMAGE_URL_LIFETIME_MS,
  assembleNextMessages,
  branchOf,
  buildUserMessage,
  countImages,
  entersHistory,
  historyTurnOf,
  imageUrlsInMessages as imageUrls,
  mapImageUrls,
  previewImageTrim,
  replayedMessages,
} from "./assemble-messages";

const storedTurnSchema = z.object({
  id: z.string(),
  parentTurnId: z.string().nullable(),
  status: z.enum(["pending", "succeeded", "failed"]),
  createdAt: z.iso.datetime().transform((value) => new Date(value)),
  completedAt: z.iso.datetime().transform((value) => new Date(value)),
  requestMessages: z.array(alphaMessageSchema),
  assembledHistory: z.array(alphaMessageSchema).nullable(),
  responseFrame: alphaV35FrameSchema,
});
const turns = z.array(storedTurnSchema).parse(fixture.turns);
const now = new Date(fixture.now);
const storedCopies: Record<string, string> = fixture.storedCopies;
const resolveExpiredImage = (url: string) => storedCopies[url];

const T1_URL = "https://images.example.test/tmp/t1-intermediate.png";
const T3_URL = "https://images.example.test/tmp/t3-intermediate.png";
const T1_TOOL_CALL_ID = "call:7F3a-é🙂_01";
const turn = (id: string) => turns.find((candidate) => candidate.id === id)!;
const newUser = buildUserMessage("Now make it night", ["data:image/png;base64,AAAA"]);

describe("the recorded fixture", () => {
  it("is consistent with itself: stored frames read as what the turn status says", () => {
    expect(interpretV35FinalFrame(turn("t1").responseFrame).ok).toBe(true);
    const failed = interpretV35FinalFrame(turn("t2").responseFrame);
    expect(failed).toMatchObject({ ok: false, blocked: true, error: { code: "content_filter" } });
    expect(interpretV35FinalFrame(turn("t3").responseFrame).ok).toBe(true);
  });

  it("t3's stored request left out the failed t2 and followed rule 2 from t1", () => {
    const rebuilt = assembleNextMessages({
      branch: branchOf(turns, "t2"),
      newUserMessage: buildUserMessage("Add a small boat near the rocks"),
      now: turn("t3").createdAt,
    });
    expect(rebuilt.messages).toEqual(turn("t3").requestMessages);
  });
});

describe("buildUserMessage", () => {
  it("puts the text first, then each image", () => {
    expect(buildUserMessage("hi", ["https://x.test/a.png"])).toEqual({
      role: "user",
      content: [
        { type: "text", text: "hi" },
        { type: "image_url", image_url: { url: "https://x.test/a.png" } },
      ],
    });
  });
});

describe("branchOf", () => {
  it("walks from a turn up to the root, oldest first", () => {
    expect(branchOf(turns, "t3").map((t) => t.id)).toEqual(["t1", "t2", "t3"]);
    expect(branchOf(turns, "t1").map((t) => t.id)).toEqual(["t1"]);
  });

  it("fails on an unknown turn or a cycle", () => {
    expect(() => branchOf(turns, "nope")).toThrow(/not in the conversation/);
    const cyclic = [
      { id: "a", parentTurnId: "b" },
      { id: "b", parentTurnId: "a" },
    ];
    expect(() => branchOf(cyclic, "a")).toThrow(/its own ancestor/);
  });
});

describe("assembleNextMessages (spec 4.2 rule 2)", () => {
  it("first turn of a conversation: only the new user message", () => {
    const result = assembleNextMessages({ branch: [], newUserMessage: newUser, now });
    expect(result).toEqual({ messages: [newUser], basedOnTurnId: undefined, replacedUrls: [], unresolvedExpiredUrls: [] });
  });

  it("after t3: t3's messages + t3's assembled_history + the new message, t1's expired URL replaced", () => {
    const result = assembleNextMessages({ branch: branchOf(turns, "t3"), newUserMessage: newUser, now, resolveExpiredImage });
    const t3 = turn("t3");
    expect(result.basedOnTurnId).toBe("t3");
    expect(result.messages).toHaveLength(t3.requestMessages.length + t3.assembledHistory!.length + 1);
    expect(result.messages.at(-1)).toEqual(newUser);

    // Expired (13 h old) → stored copy; fresh (2 h old) → unchanged.
    expect(result.replacedUrls).toEqual([T1_URL]);
    expect(result.unresolvedExpiredUrls).toEqual([]);
    const urls = imageUrls(result.messages);
    expect(urls).not.toContain(T1_URL);
    expect(urls).toContain(storedCopies[T1_URL]);
    expect(urls).toContain(T3_URL);

    // Apart from the replaced URL and the is_generate mark, everything is t3's request + history.
    const expected = [...t3.requestMessages, ...t3.assembledHistory!, newUser];
    const withoutMarks = (messages: AlphaMessage[]) =>
      JSON.parse(JSON.stringify(messages).replaceAll(storedCopies[T1_URL]!, T1_URL).replaceAll(',"is_generate":true', ""));
    expect(withoutMarks(result.messages)).toEqual(withoutMarks(expected));
  });

  it("passes reasoning, tool_calls (arguments as the same JSON string) and tool_call_id through unchanged", () => {
    const result = assembleNextMessages({ branch: branchOf(turns, "t3"), newUserMessage: newUser, now, resolveExpiredImage });
    const t1Assistant = turn("t1").assembledHistory![0]!;
    const replayedAssistant = result.messages[1]!;
    expect(replayedAssistant.reasoning).toBe(t1Assistant.reasoning);
    expect(replayedAssistant.tool_calls).toEqual(t1Assistant.tool_calls);
    expect(replayedAssistant.tool_calls![0]!.function.arguments).toBe(
      '{"prompt":"watercolour lighthouse at dusk","size":"2048x1536"}',
    );
    expect(result.messages[2]!.tool_call_id).toBe(T1_TOOL_CALL_ID);
    expect([...result.messages[2]!.tool_call_id!]).toEqual([...T1_TOOL_CALL_ID]);
  });

  it("marks is_generate: true on tool images only", () => {
    const result = assembleNextMessages({ branch: branchOf(turns, "t3"), newUserMessage: newUser, now, resolveExpiredImage });
    for (const message of result.messages) {
      for (const content of message.content ?? []) {
        if (content.type !== "image_url") continue;
        if (message.role === "tool") expect(content.is_generate).toBe(true);
        else expect(content).not.toHaveProperty("is_generate");
      }
    }
    // t3's own tool message came back from upstream without the mark (fixture) and gets it here.
    const t3Tool = result.messages.find((m) => m.role === "tool" && m.tool_call_id === "call_0002")!;
    expect(t3Tool.content).toEqual([{ type: "image_url", image_url: { url: T3_URL }, is_generate: true }]);
  });

  it("a failed last turn is skipped: building after t2 uses t1's messages and history", () => {
    const result = assembleNextMessages({ branch: branchOf(turns, "t2"), newUserMessage: newUser, now, resolveExpiredImage });
    expect(result.basedOnTurnId).toBe("t1");
    const texts = result.messages.flatMap((m) => (m.content ?? []).flatMap((c) => (c.type === "text" ? [c.text] : [])));
    expect(texts).not.toContain("Make it forbidden");
    expect(result.messages).toHaveLength(1 + 3 + 1);
  });

  it("branch: a new turn off t1 ignores t2 and t3 of the other branch", () => {
    const result = assembleNextMessages({ branch: branchOf(turns, "t1"), newUserMessage: newUser, now, resolveExpiredImage });
    const t1 = turn("t1");
    expect(result.basedOnTurnId).toBe("t1");
    expect(result.messages).toHaveLength(t1.requestMessages.length + t1.assembledHistory!.length + 1);
    expect(imageUrls(result.messages)).not.toContain(T3_URL);
    expect(JSON.stringify(result.messages)).not.toContain("call_0002");
    expect(result.replacedUrls).toEqual([T1_URL]);
  });

  it("keeps URLs that are still within their lifetime", () => {
    const soon = new Date(turn("t1").completedAt.getTime() + 60 * 60 * 1000);
    const result = assembleNextMessages({ branch: branchOf(turns, "t1"), newUserMessage: newUser, now: soon, resolveExpiredImage });
    expect(result.replacedUrls).toEqual([]);
    expect(imageUrls(result.messages)).toContain(T1_URL);
  });

  it("treats URLs within the safety margin of expiry as expired", () => {
    const completed = turn("t1").completedAt.getTime();
    const justBefore = new Date(completed + ALPHA_IMAGE_URL_LIFETIME_MS - 60_000);
    const branch = branchOf(turns, "t1");
    expect(assembleNextMessages({ branch, newUserMessage: newUser, now: justBefore, resolveExpiredImage }).replacedUrls).toEqual([T1_URL]);
    expect(
      assembleNextMessages({ branch, newUserMessage: newUser, now: justBefore, resolveExpiredImage, expiryMarginMs: 0 }).replacedUrls,
    ).toEqual([]);
  });

  it("treatAllAsExpired replaces every generated image that has a stored copy, however fresh", () => {
    const soon = new Date(turn("t3").completedAt.getTime() + 60 * 1000);
    const storedOnly: Record<string, string> = { ...storedCopies, [T3_URL]: "data:image/png;base64,T3" };
    const fresh = assembleNextMessages({ branch: branchOf(turns, "t3"), newUserMessage: newUser, now: soon, resolveExpiredImage: (url) => storedOnly[url] });
    const all = assembleNextMessages({ branch: branchOf(turns, "t3"), newUserMessage: newUser, treatAllAsExpired: true, resolveExpiredImage: (url) => storedOnly[url] });
    expect(fresh.replacedUrls).not.toContain(T3_URL);
    expect(all.replacedUrls.sort()).toEqual([T1_URL, T3_URL].sort());
    expect(imageUrls(all.messages)).not.toContain(T3_URL);
  });

  it("reports expired URLs without a stored copy and leaves them in place", () => {
    const result = assembleNextMessages({ branch: branchOf(turns, "t3"), newUserMessage: newUser, now, resolveExpiredImage: () => undefined });
    expect(result.replacedUrls).toEqual([]);
    expect(result.unresolvedExpiredUrls).toEqual([T1_URL]);
    expect(imageUrls(result.messages)).toContain(T1_URL);
  });

  it("never touches images the user supplied (data: URLs of the first message)", () => {
    const result = assembleNextMessages({ branch: branchOf(turns, "t3"), newUserMessage: newUser, now, resolveExpiredImage });
    expect(result.messages[0]).toEqual(turn("t1").requestMessages[0]);
  });

  it("does not modify its input", () => {
    const before = JSON.stringify(turns);
    assembleNextMessages({ branch: branchOf(turns, "t3"), newUserMessage: newUser, now, resolveExpiredImage });
    expect(JSON.stringify(turns)).toBe(before);
  });

  it("produces messages the strict request schema accepts", () => {
    const result = assembleNextMessages({ branch: branchOf(turns, "t3"), newUserMessage: newUser, now, resolveExpiredImage });
    expect(alphaRequestMessagesSchema.safeParse(result.messages).success).toBe(true);
  });
});

describe("countImages / previewImageTrim (spec 4.2 rule 1)", () => {
  const withImages = (count: number): AlphaMessage[] => [
    buildUserMessage("x", Array.from({ length: count }, (_, i) => `https://x.test/${i}.png`)),
  ];

  it("counts every image element across all messages", () => {
    const result = assembleNextMessages({ branch: branchOf(turns, "t3"), newUserMessage: newUser, now, resolveExpiredImage });
    // t1 reference, t1 intermediate, t3 intermediate, new reference
    expect(countImages(result.messages)).toBe(4);
    expect(countImages([])).toBe(0);
  });

  it("20 images: no trim; 21: the oldest one is dropped; 25: five", () => {
    expect(previewImageTrim(withImages(20))).toEqual({ totalImages: 20, limit: 20, willTrim: false, droppedOldest: 0 });
    expect(previewImageTrim(withImages(21))).toEqual({ totalImages: 21, limit: 20, willTrim: true, droppedOldest: 1 });
    expect(previewImageTrim(withImages(25)).droppedOldest).toBe(5);
  });

  it("counts history images known only by number (the composer's case) with the new message's", () => {
    expect(previewImageTrim(withImages(2), 18)).toEqual({ totalImages: 20, limit: 20, willTrim: false, droppedOldest: 0 });
    expect(previewImageTrim(withImages(3), 19)).toEqual({ totalImages: 22, limit: 20, willTrim: true, droppedOldest: 2 });
  });
});

describe("the history rule's parts (spec 4.2 rule 2)", () => {
  it("only a succeeded turn enters the history; the last one on the branch is replayed", () => {
    expect(turns.map((t) => [t.id, entersHistory(t)])).toEqual([
      ["t1", true],
      ["t2", false],
      ["t3", true],
    ]);
    expect(historyTurnOf(branchOf(turns, "t2"))?.id).toBe("t1");
    expect(historyTurnOf(branchOf(turns, "t3"))?.id).toBe("t3");
    expect(historyTurnOf([{ status: "failed" }, { status: "pending" }])).toBeUndefined();
  });

  it("replays a turn's messages and answer, and nothing of a failed turn", () => {
    const t1 = turn("t1");
    expect(replayedMessages(t1)).toEqual([...t1.requestMessages, ...t1.assembledHistory!]);
    expect(replayedMessages(turn("t2"))).toEqual([]);
    expect(countImages(replayedMessages(t1))).toBe(2);
  });

  it("maps every image URL and keeps everything else", () => {
    const t1 = turn("t1");
    const messages = [...t1.requestMessages, ...t1.assembledHistory!];
    const mapped = mapImageUrls(messages, (url) => `copy:${url}`);
    expect(imageUrls(mapped)).toEqual(imageUrls(messages).map((url) => `copy:${url}`));
    expect(JSON.stringify(mapped).replaceAll("copy:", "")).toBe(JSON.stringify(messages));
  });
});
