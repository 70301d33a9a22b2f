import { describe, expect, it } from "vitest";
import type { CurrentUser } from "@/lib/auth/types";
import { createConversation } from "@/lib/chat/conversations";
import { sendTurnSchema } from "@/lib/chat/schemas";
import { startTurn } from "@/lib/chat/send-turn";
import { alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { startAlphaV3 } from "@/lib/images/generate-alpha-v3";
import { betaFormSchema } from "@/lib/images/beta-schemas";
import { startBeta } from "@/lib/images/generate-beta";
import { submitVideo } from "@/lib/videos/submit-video";
import { videoFormSchema } from "@/lib/videos/video-schemas";
import { waitForJob } from "@/test/jobs";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createPerson } from "@/test/team-people";
import { accountStorage } from "./storage-use";

// Work that stores what it makes (image generations, chat turns, videos) is refused before it starts
// while the person's or the team's storage quota is full; a job that started with room finishes.
const context = useStudioTestContext();
const db = () => context.testDb.db;

let people = 0;

async function person(): Promise<CurrentUser> {
  people += 1;
  const team = await db().team.create({ data: { name: `Quota team ${people}` } });
  return createPerson(db(), `Quota person ${people}`, [team]);
}

function alreadyStored(owner: CurrentUser, bytes: number) {
  return db().asset.create({ data: { kind: "image", storageKey: `fake-${crypto.randomUUID()}`, sha256: "0".repeat(64), mime: "image/png", bytes: BigInt(bytes), ownerId: owner.id, teamId: owner.activeTeamId } });
}

const full = { code: "storage_quota_exceeded", status: 413, message: expect.stringMatching(/^Your storage quota is full: 1 MB of 1 MB used\./) };

describe("starting work while the storage quota is full", () => {
  it("alpha v3, beta, a chat turn and a video are refused with storage_quota_exceeded; no job is made", async () => {
    const user = await person();
    const conversation = await createConversation(user);
    await db().user.update({ where: { id: user.id }, data: { storageQuotaBytes: 1_000_000n } });
    await alreadyStored(user, 1_000_000);
    const jobsBefore = await db().job.count({ where: { ownerId: user.id } });

    await expect(startAlphaV3(user, alphaV3FormSchema.parse({ prompt: "a lighthouse", revise: false }))).rejects.toMatchObject(full);
    await expect(startBeta(user, betaFormSchema.parse({ model: "beta-image-v5.0-pro", prompt: "a lighthouse", size: { method: "tier", tier: "1K" } }))).rejects.toMatchObject(full);
    const { parentTurnId, ...turn } = sendTurnSchema.parse({ parentTurnId: null, text: "a lighthouse", size: "1K" });
    await expect(startTurn(user, conversation.id, parentTurnId, turn)).rejects.toMatchObject(full);
    await expect(submitVideo(user, videoFormSchema.parse({ task: "t2va", prompt: "a paper boat", durationSeconds: 4 }))).rejects.toMatchObject(full);

    expect(await db().job.count({ where: { ownerId: user.id } })).toBe(jobsBefore);
    expect(await db().videoJob.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("the team's full quota refuses a start too, naming the team", async () => {
    const user = await person();
    await db().team.update({ where: { id: user.activeTeamId! }, data: { storageQuotaBytes: 1_000n } });
    await alreadyStored(user, 1_000);
    await expect(startAlphaV3(user, alphaV3FormSchema.parse({ prompt: "a lighthouse", revise: false }))).rejects.toMatchObject({
      code: "storage_quota_exceeded",
      message: expect.stringMatching(new RegExp(`^The storage quota of team ${user.teams[0].name} is full: 1 KB of 1 KB used\\.`)),
    });
  });

  it("a job that started with room left finishes past the quota; the next start is refused", async () => {
    const user = await person();
    await db().user.update({ where: { id: user.id }, data: { storageQuotaBytes: 1_000n } });
    const { job } = await startAlphaV3(user, alphaV3FormSchema.parse({ prompt: "a lighthouse at dawn", revise: false }));
    expect((await waitForJob(db(), job.id)).state).toBe("succeeded");
    const { user: use } = await accountStorage(user);
    expect(use.usedBytes).toBeGreaterThan(1_000);
    await expect(startAlphaV3(user, alphaV3FormSchema.parse({ prompt: "once more", revise: false }))).rejects.toMatchObject({ code: "storage_quota_exceeded" });
  });
});
