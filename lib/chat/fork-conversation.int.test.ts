import { Readable } from "node:stream";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { openAssetForUser } from "@/lib/assets/open-asset";
import { storeImage } from "@/lib/assets/store-image";
import type { CurrentUser } from "@/lib/auth/current-user";
import type { AlphaMessage } from "@/lib/upstream/alpha/wire-messages";
import { waitForJob } from "@/test/jobs";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createPerson } from "@/test/team-people";
import { imageUrlsInMessages } from "./assemble-messages";
import { assetIdOfRef } from "./asset-ref-format";
import { createConversation, getConversationWithTurns } from "./conversations";
import { forkConversation } from "./fork-conversation";
import { sendTurnSchema } from "./schemas";
import { startTurn } from "./send-turn";

// A teammate forks a shared conversation and continues it as their own (spec 4.2 rule 2:
// the fork's next request replays the same history the original's would have).
const context = useStudioTestContext();

async function send(user: CurrentUser, conversationId: string, parentTurnId: string | null, text: string, images: { assetId: string; mime: "image/png"; bytes: number }[] = []) {
  const { parentTurnId: parent, ...values } = sendTurnSchema.parse({ parentTurnId, text, size: "1K", images });
  const { job, turn } = await startTurn(user, conversationId, parent, values);
  await waitForJob(context.testDb.db, job.id);
  return context.testDb.db.turn.findUniqueOrThrow({ where: { id: turn.id }, include: { assets: true } });
}

const messagesOf = (turn: { requestMessages: unknown }) => turn.requestMessages as AlphaMessage[];
const refsOf = (messages: AlphaMessage[]) => imageUrlsInMessages(messages).flatMap((url) => assetIdOfRef(url) ?? []);
/** The messages with studio asset ids left out: a fork names its own copies of the same images. */
const withoutAssetIds = (messages: AlphaMessage[]) => JSON.parse(JSON.stringify(messages).replace(/studio-asset:\/\/[0-9a-f-]+/g, "studio-asset://…"));

async function sharedConversation() {
  const { db } = context.testDb;
  const owner = context.user;
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#38a" } }).png().toBuffer();
  const input = await storeImage({ source: Readable.from([bytes]), ownerId: owner.id, teamId: owner.activeTeamId, kind: "input", allowedMimes: ["image/png"], maxBytes: 10_000_000, decode: "before-row" });
  const conversation = await createConversation(owner);
  const first = await send(owner, conversation.id, null, "a lighthouse from this photo", [{ assetId: input.id, mime: "image/png", bytes: bytes.length }]);
  const second = await send(owner, conversation.id, first.id, "make it night");
  const entry = await db.galleryItem.update({ where: { conversationId: conversation.id }, data: { teamId: owner.teamIds[0], sharedAt: new Date() } });
  return { conversation, first, second, input, entry };
}

describe("forking a shared conversation", () => {
  it("gives the teammate their own conversation whose next turn replays the same history", async () => {
    const { db } = context.testDb;
    const { conversation, first, second, input, entry } = await sharedConversation();
    const teammate = await createPerson(db, "Teammate", [{ id: context.user.teamIds[0], name: "Test team" }]);
    const shown = await getConversationWithTurns(teammate, conversation.id);
    expect(shown).toMatchObject({ readOnly: true, owner: { id: context.user.id }, sharedWith: { id: context.user.teamIds[0] }, galleryItemId: entry.id });

    const { id } = await forkConversation(teammate, conversation.id, first.id);
    const fork = await db.conversation.findUniqueOrThrow({ where: { id }, include: { turns: { include: { assets: true } } } });
    expect(fork).toMatchObject({ ownerId: teammate.id, teamId: teammate.activeTeamId, title: `Fork of ${shown.title}` });
    expect(fork.session).not.toBe(conversation.session);
    expect(fork.turns).toHaveLength(1);
    const copied = fork.turns[0];
    expect(copied).toMatchObject({ parentTurnId: null, userText: first.userText, status: "succeeded", requestId: first.requestId, tokens: first.tokens, completedAt: first.completedAt });
    expect(copied.assembledHistory).toEqual(first.assembledHistory);
    // Its images are the teammate's own rows over the same blobs.
    expect(copied.assets.map((asset) => [asset.ownerId, asset.storageKey, asset.position, asset.sourceUrl])).toEqual(
      first.assets.map((asset) => [teammate.id, asset.storageKey, asset.position, asset.sourceUrl]),
    );
    const [inputCopyId] = refsOf(messagesOf(copied));
    expect(inputCopyId).not.toBe(input.id);
    expect(await db.asset.findUniqueOrThrow({ where: { id: inputCopyId } })).toMatchObject({ ownerId: teammate.id, storageKey: input.storageKey });
    expect((copied.params as { images: { assetId: string }[] }).images.map((image) => image.assetId)).toEqual([inputCopyId]);

    const continued = await send(teammate, id, copied.id, "make it night");
    expect(continued.status).toBe("succeeded");
    expect(withoutAssetIds(messagesOf(continued))).toEqual(withoutAssetIds(messagesOf(second)));

    // Unshared again: the original is gone for the teammate, their fork and every image in it stay.
    await db.galleryItem.update({ where: { id: entry.id }, data: { teamId: null, sharedAt: null } });
    await expect(getConversationWithTurns(teammate, conversation.id)).rejects.toMatchObject({ code: "not_found" });
    const own = await getConversationWithTurns(teammate, id);
    expect(own.readOnly).toBe(false);
    const shownIds = own.turns.flatMap((turn) => [...turn.inputImages.map((image) => image.id), ...(turn.image ? [turn.image.id] : [])]);
    expect(shownIds).toContain(inputCopyId);
    for (const assetId of shownIds) await expect(openAssetForUser(teammate, assetId)).resolves.toMatchObject({ id: assetId });
  });

  it("refuses a turn of another conversation (400 on turnId) and an outsider (404), making nothing", async () => {
    const { db } = context.testDb;
    const { conversation, first } = await sharedConversation();
    const other = await sharedConversation();
    const outsider = await createPerson(db, "Outsider", []);
    const before = await db.conversation.count();
    await expect(forkConversation(context.user, conversation.id, other.first.id)).rejects.toMatchObject({ code: "validation_failed", fields: [{ field: "turnId" }] });
    await expect(forkConversation(outsider, conversation.id, first.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await db.conversation.count()).toBe(before);
  });
});
