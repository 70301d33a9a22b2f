import { describe, expect, it } from "vitest";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createTestUser } from "@/test/users";
import type { AlphaMessage } from "@/lib/upstream/alpha/wire-messages";
import { ALPHA_V35_MODEL } from "@/lib/upstream/alpha/wire-v35";
import type { CurrentUser } from "@/lib/auth/current-user";
import { alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { startAlphaV3 } from "@/lib/images/generate-alpha-v3";
import { runningLimitMessage } from "@/lib/jobs/running-limit";
import { createConversation, getConversationWithTurns, listConversations } from "./conversations";
import { sendTurnSchema } from "./schemas";
import { slowCalls, waitForJob } from "@/test/jobs";
import { startTurn } from "./send-turn";

// The limit the running-limit tests count against, whatever the shell says (read at first use).
process.env.USER_MAX_RUNNING_GENERATIONS = "3";

const context = useStudioTestContext();

async function send(conversationId: string, parentTurnId: string | null, text: string) {
  const { parentTurnId: parent, ...values } = sendTurnSchema.parse({ parentTurnId, text, size: "1K" });
  const { job, turn } = await startTurn(context.user, conversationId, parent, values);
  await waitForJob(context.testDb.db, job.id);
  return (await getConversationWithTurns(context.user, conversationId)).turns.find((shown) => shown.id === turn.id)!;
}

async function storedMessages(turnId: string): Promise<AlphaMessage[]> {
  return (await context.testDb.db.turn.findUniqueOrThrow({ where: { id: turnId } })).requestMessages as unknown as AlphaMessage[];
}

describe("chat turns (spec 4.2) against the emulator", () => {
  it("builds each request from the previous turn's messages and assembled history (rule 2)", async () => {
    const conversation = await createConversation(context.user);
    const first = await send(conversation.id, null, "a red bicycle in a field");
    const second = await send(conversation.id, first.id, "make it blue");
    const third = await send(conversation.id, second.id, "add rain");
    for (const turn of [first, second, third]) {
      expect(turn.status).toBe("succeeded");
      expect(turn.image?.mime).toBe("image/png");
    }
    expect(new Set([first.image!.id, second.image!.id, third.image!.id]).size).toBe(3);
    const spent = await context.testDb.db.usageEntry.findMany({ where: { turnId: { in: [first.id, second.id, third.id] } } });
    expect(spent).toHaveLength(3);
    expect(spent.every((entry) => entry.images >= 1 && entry.model === "alpha-image-v3.5-preview")).toBe(true);

    const messages = await storedMessages(third.id);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "user", "assistant", "tool", "assistant", "user"]);
    const secondFrame = (await context.testDb.db.turn.findUniqueOrThrow({ where: { id: second.id } })).assembledHistory as unknown as AlphaMessage[];
    expect(messages.slice(5, 8)).toEqual(secondFrame.map((m) => (m.role === "tool" ? { ...m, content: m.content?.map((c) => ({ ...c, is_generate: true })) } : m)));
    expect(messages[6].tool_call_id).toBe(messages[5].tool_calls?.[0].id);

    const loaded = await getConversationWithTurns(context.user, conversation.id);
    expect(loaded.turns.map((t) => t.id)).toEqual([first.id, second.id, third.id]);
    expect(loaded.title).toBe("a red bicycle in a field");
    expect((await listConversations(context.user, "bicycle")).map((c) => c.id)).toContain(conversation.id);
  });

  it("lists a conversation with its newest image before that image's thumbnail is made", async () => {
    const conversation = await createConversation(context.user);
    const turn = await send(conversation.id, null, "a paper lantern on a sill");
    await context.testDb.db.asset.updateMany({ where: { turnId: turn.id }, data: { thumbnailKey: null } });
    const listed = (await listConversations(context.user, "paper lantern")).find((summary) => summary.id === conversation.id);
    expect(listed?.thumbnailUrl).toBe(`/api/assets/${turn.image?.id}?variant=thumb`);
    expect(listed?.deliveryThumbnailUrl).toMatch(/^\/api\/delivery\//);
  });

  it("stores a content-filter frame as a failed turn that the next turn skips", async () => {
    const conversation = await createConversation(context.user);
    const first = await send(conversation.id, null, "a quiet harbour");
    const blocked = await send(conversation.id, first.id, "something forbidden");
    expect(blocked).toMatchObject({ status: "failed", errorCode: "content_filter", image: null });
    expect(blocked.errorMessage).toMatch(/content safety/i);
    const stored = await context.testDb.db.turn.findUniqueOrThrow({ where: { id: blocked.id } });
    expect(stored.responseFrame).toMatchObject({ choices: [{ finish_reason: "error" }] });

    const next = await send(conversation.id, blocked.id, "add a sailboat");
    expect(next.status).toBe("succeeded");
    const texts = (await storedMessages(next.id)).filter((m) => m.role === "user").map((m) => m.content?.[0]);
    expect(texts).toEqual([{ type: "text", text: "a quiet harbour" }, { type: "text", text: "add a sailboat" }]);
  });

  it("replays the stored copy of an expired history image (12 h URLs, spec 2.1)", async () => {
    const conversation = await createConversation(context.user);
    const first = await send(conversation.id, null, "a paper crane");
    await context.testDb.db.turn.update({ where: { id: first.id }, data: { completedAt: new Date(Date.now() - 13 * 3600_000) } });
    await context.upstream.control("/clock", { json: { advanceSeconds: 13 * 3600 } });
    try {
      const second = await send(conversation.id, first.id, "fold it in gold");
      expect(second.status).toBe("succeeded");
      const tool = (await storedMessages(second.id)).find((m) => m.role === "tool");
      expect(tool?.content?.[0]).toMatchObject({ type: "image_url", is_generate: true, image_url: { url: expect.stringMatching(/^studio-asset:\/\//) } });
    } finally {
      await context.upstream.control("/clock", { json: { advanceSeconds: -13 * 3600 } });
    }
  });

  it("falls back to stored copies when the upstream has lost a history image before 12 hours", async () => {
    const conversation = await createConversation(context.user);
    const first = await send(conversation.id, null, "a glass marble");
    await context.upstream.control("/reset", { json: {} });
    const second = await send(conversation.id, first.id, "make it cracked");
    expect(second.status).toBe("succeeded");
    const tool = (await storedMessages(second.id)).find((m) => m.role === "tool");
    expect(tool?.content?.[0]).toMatchObject({ image_url: { url: expect.stringMatching(/^studio-asset:\/\//) } });
  });

  it("branches from an earlier turn without touching the later ones", async () => {
    const conversation = await createConversation(context.user);
    const first = await send(conversation.id, null, "a teapot");
    const second = await send(conversation.id, first.id, "make it green");
    const branch = await send(conversation.id, first.id, "make it striped");
    expect(branch.parentTurnId).toBe(first.id);
    const texts = (await storedMessages(branch.id)).filter((m) => m.role === "user").map((m) => m.content?.[0]);
    expect(texts).toEqual([{ type: "text", text: "a teapot" }, { type: "text", text: "make it striped" }]);
    const loaded = await getConversationWithTurns(context.user, conversation.id);
    expect(loaded.turns.find((t) => t.id === second.id)?.status).toBe("succeeded");
  });

  it("keeps other people out of a conversation", async () => {
    const conversation = await createConversation(context.user);
    const stranger = await createTestUser(context.testDb.db);
    await expect(getConversationWithTurns(stranger, conversation.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("keeps a site admin out of a member's conversation too (private until shared)", async () => {
    const conversation = await createConversation(context.user);
    const admin = await createTestUser(context.testDb.db, "admin");
    await expect(getConversationWithTurns(admin, conversation.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("works against the streamed (SSE) wire format too", async () => {
    await context.upstream.control("/config", { method: "PATCH", json: { v35WireFormat: "sse" } });
    try {
      const conversation = await createConversation(context.user);
      const turn = await send(conversation.id, null, "streamed lantern");
      expect(turn.status).toBe("succeeded");
    } finally {
      await context.upstream.control("/config", { method: "PATCH", json: { v35WireFormat: "json" } });
    }
  });
});

// Chat turns and alpha v3 generations share one per-user budget of running work.
// A started turn takes a place until its job ends; slow upstream calls keep places taken.
describe("per-user limit on running generations, chat turns included", () => {
  const startTurnOf = (user: CurrentUser, conversationId: string, text: string) => {
    const { parentTurnId, ...values } = sendTurnSchema.parse({ parentTurnId: null, text, size: "1K" });
    return startTurn(user, conversationId, parentTurnId, values);
  };
  const startGeneration = (user: CurrentUser, prompt: string) => startAlphaV3(user, alphaV3FormSchema.parse({ prompt, revise: false }));
  const endAll = (started: { job: { id: string } }[]) => Promise.all(started.map(({ job }) => waitForJob(context.testDb.db, job.id)));

  it("a running chat turn counts in the same budget as v3 generations; a refused turn writes nothing", async () => {
    const user = await createTestUser(context.testDb.db);
    const conversation = await createConversation(user);
    await context.upstream.control("/faults", { json: slowCalls(1_500) });
    const generations = [await startGeneration(user, "one"), await startGeneration(user, "two")];
    const turn = await startTurnOf(user, conversation.id, "a red kite");

    await expect(startGeneration(user, "three")).rejects.toMatchObject({ code: "rate_limited", status: 429, message: runningLimitMessage(3) });
    await expect(startTurnOf(user, conversation.id, "a blue kite")).rejects.toMatchObject({
      code: "rate_limited",
      status: 429,
      headers: { "Retry-After": expect.stringMatching(/^[1-9]\d*$/) },
    });
    expect(await context.testDb.db.turn.count({ where: { conversationId: conversation.id } })).toBe(1);

    await context.upstream.control("/faults", { method: "DELETE" });
    expect((await waitForJob(context.testDb.db, turn.job.id)).state).toBe("succeeded");
    const next = await startTurnOf(user, conversation.id, "a green kite");
    await endAll([next, ...generations]);
  });

  it("of 8 concurrent turns and generations with a limit of 3, exactly 3 are accepted (race-free)", async () => {
    const user = await createTestUser(context.testDb.db);
    const conversation = await createConversation(user);
    await context.upstream.control("/faults", { json: slowCalls(1_500) });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? startTurnOf(user, conversation.id, `turn ${i}`) : startGeneration(user, `generation ${i}`))),
    );
    const accepted = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(accepted).toHaveLength(3);
    expect(results.flatMap((result) => (result.status === "rejected" ? [(result.reason as { code?: string }).code] : []))).toEqual(Array(5).fill("rate_limited"));
    const [generations, turns] = await Promise.all([
      context.testDb.db.generation.count({ where: { ownerId: user.id } }),
      context.testDb.db.turn.count({ where: { conversationId: conversation.id } }),
    ]);
    expect(generations + turns).toBe(3);
    await context.upstream.control("/faults", { method: "DELETE" });
    await endAll(accepted);
  });

  it("a turn waits in the model's line as the conversation owner's work, in the conversation's team", async () => {
    const user = await createTestUser(context.testDb.db);
    const conversation = await createConversation(user);
    await context.upstream.control("/faults", { json: slowCalls(1_000) });
    const { job } = await startTurnOf(user, conversation.id, "whose turn");
    await waitForJob(context.testDb.db, job.id, ["generating"]);
    const tickets = await context.testDb.db.upstreamGateTicket.findMany({ where: { personId: user.id } });
    expect(tickets).toMatchObject([{ model: ALPHA_V35_MODEL, teamId: user.activeTeamId }]);
    await context.upstream.control("/faults", { method: "DELETE" });
    await waitForJob(context.testDb.db, job.id);
  });
});
