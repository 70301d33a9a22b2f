import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { blobFiles } from "@/lib/assets/test-support";
import { createConversation } from "@/lib/chat/conversations";
import { sendTurnSchema } from "@/lib/chat/schemas";
import { startTurn } from "@/lib/chat/send-turn";
import { alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { startAlphaV3 } from "@/lib/images/generate-alpha-v3";
import { blobStore } from "@/lib/storage";
import { installFailingBlobStore, type FailingBlobStore } from "@/test/failing-blob-store";
import { waitForJob } from "@/test/jobs";
import { useStudioTestContext } from "@/test/studio-upstream";

// Jobs whose result the disk refuses to store, run by the worker against the emulator: the job ends
// failed with `storage_failed` at the first refusal (its upstream call is not repeated), and no file
// or row is left of the result.
const context = useStudioTestContext();
let disk: FailingBlobStore;
beforeAll(() => {
  disk = installFailingBlobStore(process.env.STUDIO_DATA_DIR!);
});

const STORAGE_FAILED = { errorCode: "storage_failed", errorMessage: "The studio could not store the result: its storage is full or refuses writes" };

const stored = async () => ({ blobs: await blobFiles(path.join(process.env.STUDIO_DATA_DIR!, "blobs")), rows: await context.testDb.db.asset.count() });

async function upstreamCalls() {
  const { requests } = (await context.upstream.control("/requests")) as { requests: { method: string; path: string }[] };
  return requests;
}

async function everyRowHasItsBlob() {
  for (const asset of await context.testDb.db.asset.findMany()) expect(await blobStore().stat(asset.storageKey)).not.toBeNull();
}

describe("jobs whose result the disk refuses", () => {
  it("an alpha v3 generation ends failed with storage_failed after one upstream call; nothing stored", async () => {
    await context.upstream.control("/requests", { method: "DELETE" });
    const before = await stored();
    disk.room = "none";
    try {
      const { job, generations } = await startAlphaV3(context.user, alphaV3FormSchema.parse({ prompt: "a kite over a full disk", revise: false }));
      const ended = await waitForJob(context.testDb.db, job.id);
      expect(ended).toMatchObject({ state: "failed", ...STORAGE_FAILED });
      expect(await context.testDb.db.generation.findUniqueOrThrow({ where: { id: generations[0].id } })).toMatchObject({ status: "failed", ...STORAGE_FAILED });
    } finally {
      disk.room = "unlimited";
    }
    const calls = await upstreamCalls();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
    expect(calls.filter((call) => call.method === "GET")).toHaveLength(1);
    expect(await stored()).toEqual(before);
    await everyRowHasItsBlob();
  });

  it("a chat turn whose image fills the disk mid-write ends failed with storage_failed; nothing stored", async () => {
    const before = await stored();
    const conversation = await createConversation(context.user);
    const { parentTurnId, ...values } = sendTurnSchema.parse({ parentTurnId: null, text: "a harbour on a full disk", size: "1K" });
    disk.room = { bytes: 1_000 };
    try {
      const { job, turn } = await startTurn(context.user, conversation.id, parentTurnId, values);
      expect(await waitForJob(context.testDb.db, job.id)).toMatchObject({ state: "failed", ...STORAGE_FAILED });
      expect(await context.testDb.db.turn.findUniqueOrThrow({ where: { id: turn.id } })).toMatchObject({ status: "failed", ...STORAGE_FAILED });
    } finally {
      disk.room = "unlimited";
    }
    expect(await stored()).toEqual(before);
    await everyRowHasItsBlob();
  });
});
