import "server-only";
import { UNTITLED_CONVERSATION } from "./schemas";
import type { CurrentUser } from "@/lib/auth/current-user";
import { assembleNextMessages, branchOf, buildUserMessage, imageUrlsInMessages, type BranchTurn } from "@/lib/chat/assemble-messages";
import { db } from "@/lib/db/client";
import { AppError, parseOrThrow } from "@/lib/errors";
import { ALPHA_IMAGE_MIME_TYPES, ALPHA_V35_MAX_IMAGE_BYTES, alphaV35TurnFormSchema, type AlphaV35TurnFormValues } from "@/lib/images/alpha-schemas";
import { randomAlphaV35Seed } from "@/lib/images/random-seed";
import { sendImageJobRun } from "@/lib/jobs/job-sender";
import { createJob, type OwnerLockedTx } from "@/lib/jobs/job-changes";
import type { Prisma } from "@/lib/generated/prisma/client";
import { jobLabel } from "@/lib/jobs/job-label";
import type { JobOutcome, JobWork } from "@/lib/jobs/runner";
import { toJobDto } from "@/lib/jobs/to-job-dto";
import { indexConversationTurn } from "@/lib/gallery/index-conversation";
import { loadReferenceAssets } from "@/lib/images/reference-images";
import { storeGeneratedImage } from "@/lib/images/store-result";
import { recordLineage } from "@/lib/lineage/record-lineage";
import { log } from "@/lib/log";
import { alphaV35ParamsFromForm } from "@/lib/images/alpha-params";
import type { AlphaMessage } from "@/lib/upstream/alpha/wire-messages";
import { alphaClient } from "@/lib/upstream/clients";
import { isUpstreamError, UpstreamError } from "@/lib/upstream/errors";
import { startWithinRunningLimit } from "@/lib/jobs/running-limit";
import { assertStorageLeftForJob } from "@/lib/storage-quota/enforce-quota";
import { recordTurnUsage } from "@/lib/usage/record-usage";
import { USAGE_TURN_MODEL } from "@/lib/usage/usage-labels";
import { assetRef } from "./asset-ref-format";
import { storedTurnParamsSchema } from "./stored-turn-params";
import { assetIdsInMessages, resolveAssetRefs } from "./asset-refs";
import { getConversationWithTurns, getOwnedConversation, titleFrom } from "./conversations";

type StoredTurn = Awaited<ReturnType<typeof loadTurns>>[number];

function loadTurns(conversationId: string) {
  return db.turn.findMany({ where: { conversationId }, orderBy: { createdAt: "asc" }, include: { assets: true } });
}

function toBranchTurn(turn: StoredTurn): BranchTurn {
  return {
    id: turn.id,
    status: turn.status,
    requestMessages: (turn.requestMessages ?? []) as unknown as AlphaMessage[],
    assembledHistory: (turn.assembledHistory ?? null) as unknown as AlphaMessage[] | null,
    completedAt: turn.completedAt,
  };
}

function toolImageUrls(history: readonly AlphaMessage[]): string[] {
  return imageUrlsInMessages(history.filter((m) => m.role === "tool"));
}

// The studio's copy of every upstream image URL on the branch: the asset downloaded from that URL,
// else the turn's final image (the intermediate and final image of a turn are the same picture).
function storedCopies(branch: readonly StoredTurn[]): Map<string, string> {
  const copies = new Map<string, string>();
  for (const turn of branch) {
    const final = turn.assets.find((asset) => asset.position === 0);
    for (const url of toolImageUrls((turn.assembledHistory ?? []) as unknown as AlphaMessage[])) {
      const exact = turn.assets.find((asset) => asset.sourceUrl === url);
      const copy = exact ?? final;
      if (copy) copies.set(url, assetRef(copy.id));
    }
  }
  return copies;
}

// One turn of the chat editor (spec 4.2) as a job. Starting checks everything a user can
// get wrong (a 400 before anything starts), assembles the request per rule 2 and persists the turn
// as pending with its job within the owner's running limit (a 429 before anything starts,
// lib/jobs/running-limit) while the storage quota has room (a 413, lib/storage-quota), and answers: a
// worker runs the job, rebuilt from its rows (turnJobWork).
// Running calls the upstream, stores the final image (and the intermediate one used for follow-up
// edits), and persists the outcome — success or failed frame — before any page hears of it.
export async function startTurn(
  user: CurrentUser,
  conversationId: string,
  parentTurnId: string | null,
  form: AlphaV35TurnFormValues,
  options: { runAgainOf?: string; seedWasRandom?: boolean } = {},
) {
  const values = { ...form, seed: form.seed ?? randomAlphaV35Seed() };
  const conversation = await getOwnedConversation(user, conversationId);
  // Its images are stored as the sender's, in the conversation's team (runTurn).
  await assertStorageLeftForJob({ ownerId: user.id, teamId: conversation.teamId });
  const turns = await loadTurns(conversationId);
  if (parentTurnId && !turns.some((turn) => turn.id === parentTurnId)) {
    throw new AppError("validation_failed", "parentTurnId: no such turn in this conversation", [{ field: "parentTurnId", message: "no such turn in this conversation" }]);
  }
  const inputs = await loadReferenceAssets(user, values.images.map((image) => image.assetId), {
    field: "images",
    mimes: ALPHA_IMAGE_MIME_TYPES,
    maxBytes: ALPHA_V35_MAX_IMAGE_BYTES,
  });
  const request = assembleTurnRequest(turns, parentTurnId, buildUserMessage(values.text, inputs.map((asset) => assetRef(asset.id))), new Date());
  if (request.unresolvedExpiredUrls > 0) log.warn({ conversationId, urls: request.unresolvedExpiredUrls }, "expired history images without a stored copy");
  const isFirstTurn = turns.length === 0;
  // Counted against the conversation's owner, whose turns these are (an admin may act for support),
  // so that no owner ever has more than their limit running.
  const { turn, job } = await startWithinRunningLimit(conversation.ownerId, (tx) =>
    insertTurn(tx, {
      conversation,
      parentTurnId,
      values,
      seedWasRandom: options.seedWasRandom ?? form.seed === undefined,
      requestMessages: request.messages,
      isFirstTurn,
      job: { runAgainOfId: options.runAgainOf },
    }),
  );
  const shown = await getConversationWithTurns(user, conversationId);
  return { job: toJobDto(job), turn: shown.turns.find((t) => t.id === turn.id)! };
}

type TurnInsert = {
  conversation: { id: string; ownerId: string; title: string; teamId: string | null };
  parentTurnId: string | null;
  values: AlphaV35TurnFormValues & { seed: string };
  seedWasRandom: boolean;
  requestMessages: AlphaMessage[];
  isFirstTurn: boolean;
  /** Facts of the job beyond the turn's own: what it runs again, its comparison, its running place. */
  job: Pick<Prisma.JobUncheckedCreateInput, "runAgainOfId" | "comparisonId" | "startedAt" | "createdAt">;
};

/**
 * Writes a pending turn and its job, and sends the job's run, inside the caller's transaction under
 * the owner's job lock (lib/jobs/running-limit): a new turn of the editor, or a comparison's member.
 */
export async function insertTurn(tx: OwnerLockedTx, { conversation, parentTurnId, values, seedWasRandom, requestMessages, isFirstTurn, job: jobFacts }: TurnInsert) {
  const turn = await tx.turn.create({
    data: {
      conversationId: conversation.id,
      parentTurnId,
      userText: values.text,
      // The form values (attachments by asset id), so "Run again" can repeat the turn exactly.
      params: {
        size: values.size,
        seed: values.seed,
        seedWasRandom,
        footnote: values.footnote ?? null,
        resizeMaxPixels: values.resizeMaxPixels ?? null,
        useSearchTool: values.useSearchTool,
        images: values.images,
      },
      requestMessages: requestMessages as object[],
    },
  });
  await recordLineage(tx, { turnId: turn.id }, values.images.map((image) => ({ assetId: image.assetId, role: "reference" })));
  await tx.conversation.update({
    where: { id: conversation.id },
    data: { updatedAt: new Date(), ...(isFirstTurn && conversation.title === UNTITLED_CONVERSATION && { title: titleFrom(values.text) }) },
  });
  const job = await createJob(tx, {
    ...jobFacts,
    kind: "alpha_v35_turn",
    ownerId: conversation.ownerId,
    label: jobLabel(values.text),
    turnId: turn.id,
    conversationId: conversation.id,
  }, { teamId: conversation.teamId, model: USAGE_TURN_MODEL, asked: { images: 1 } });
  await sendImageJobRun(tx, job.id);
  return { turn, job };
}

/**
 * The first turn of a conversation that does not exist yet, checked and assembled before anything is
 * written: its seed, its attachments (a mistake is a 400) and its request (spec 4.2 rule 2, no history).
 */
export async function prepareFirstTurn(user: CurrentUser, form: AlphaV35TurnFormValues) {
  const values = { ...form, seed: form.seed ?? randomAlphaV35Seed() };
  const inputs = await loadReferenceAssets(user, values.images.map((image) => image.assetId), {
    field: "images",
    mimes: ALPHA_IMAGE_MIME_TYPES,
    maxBytes: ALPHA_V35_MAX_IMAGE_BYTES,
  });
  const request = assembleTurnRequest([], null, buildUserMessage(values.text, inputs.map((asset) => assetRef(asset.id))), new Date());
  return { values, seedWasRandom: form.seed === undefined, requestMessages: request.messages };
}

/** "Run again" of a chat turn's job: the same message, attachments, settings and seed, on the same branch. */
export async function runTurnAgain(user: CurrentUser, job: { id: string; turnId: string | null }) {
  const turn = job.turnId ? await db.turn.findUnique({ where: { id: job.turnId } }) : null;
  if (!turn) throw new AppError("not_found", "The turn of this job was deleted");
  const { form, seedWasRandom } = storedTurnForm(turn);
  return startTurn(user, turn.conversationId, turn.parentTurnId, form, { runAgainOf: job.id, seedWasRandom });
}

/** The form a turn was sent with: its message, attachments, settings and seed. */
function storedTurnForm(turn: { userText: string; params: unknown }) {
  const params = storedTurnParamsSchema.parse(turn.params);
  const form = parseOrThrow(alphaV35TurnFormSchema, {
    text: turn.userText,
    size: params.size,
    seed: params.seed ?? undefined,
    footnote: params.footnote ?? undefined,
    resizeMaxPixels: params.resizeMaxPixels ?? undefined,
    useSearchTool: params.useSearchTool,
    images: params.images,
  });
  return { form, seedWasRandom: params.seedWasRandom };
}

/**
 * The request of a new turn after `parentTurnId` (spec 4.2 rule 2), and the same request with every
 * history image replaced by the studio's stored copy, for when the upstream refuses a URL that should
 * still be alive (e.g. its files were lost before 12 hours); `fallback` only when it differs.
 */
function assembleTurnRequest(turns: StoredTurn[], parentTurnId: string | null, newUserMessage: AlphaMessage, now: Date) {
  const branch = parentTurnId ? branchOf(turns, parentTurnId) : [];
  const copies = storedCopies(branch);
  const toAssemble = { branch: branch.map(toBranchTurn), newUserMessage, resolveExpiredImage: (url: string) => copies.get(url) };
  const assembled = assembleNextMessages({ ...toAssemble, now });
  const storedOnly = assembleNextMessages({ ...toAssemble, treatAllAsExpired: true });
  const fallback = storedOnly.replacedUrls.length > assembled.replacedUrls.length ? storedOnly.messages : undefined;
  return { messages: assembled.messages, fallback, unresolvedExpiredUrls: assembled.unresolvedExpiredUrls.length };
}

/**
 * The work of a chat turn's job, rebuilt from its rows in the worker that runs it: the request the
 * start assembled and stored on the turn, and the fallback of stored copies made again from the branch.
 * Its images are stored as the conversation owner's, in the conversation's team.
 */
export async function turnJobWork(turnId: string): Promise<JobWork> {
  const turn = await db.turn.findUniqueOrThrow({ where: { id: turnId }, include: { conversation: true } });
  const { form } = storedTurnForm(turn);
  const turns = await loadTurns(turn.conversationId);
  const messages = (turn.requestMessages ?? []) as unknown as AlphaMessage[];
  const rebuilt = assembleTurnRequest(turns, turn.parentTurnId, messages[messages.length - 1], new Date());
  const request = { messages, fallback: rebuilt.fallback && JSON.stringify(rebuilt.fallback) !== JSON.stringify(messages) ? rebuilt.fallback : undefined };
  return (context) => runTurn(turn.conversation.ownerId, turn.conversation, turnId, request, form, context);
}

async function loadAsset(id: string) {
  const asset = await db.asset.findUnique({ where: { id } });
  if (!asset) throw new AppError("not_found", `Image ${id} of this conversation is missing`);
  return asset;
}

// A 400 that names a message: the upstream could not use something in the replayed history.
function refusedHistory(error: unknown): boolean {
  return isUpstreamError(error) && error.kind === "bad_request" && (error.field ?? "").startsWith("messages");
}

async function runTurn(
  ownerId: string,
  conversation: { id: string; session: string; teamId: string | null },
  turnId: string,
  request: { messages: AlphaMessage[]; fallback?: AlphaMessage[] },
  values: AlphaV35TurnFormValues,
  { signal, progress }: Parameters<JobWork>[0],
): Promise<JobOutcome> {
  const started = Date.now();
  const client = alphaClient();
  const generate = async (messages: AlphaMessage[]) =>
    client.generateV35(alphaV35ParamsFromForm(values, { messages: await resolveAssetRefs(messages, loadAsset), session: conversation.session }), {
      signal,
      party: { personId: ownerId, teamId: conversation.teamId },
      onQueuePosition: (queuePosition) => progress({ state: "waiting", queuePosition }),
      onAdmitted: () => progress({ state: "generating" }),
      onFrame: (frame) => progress({ state: "generating", round: frame.round ?? undefined }),
    });
  const result = await generate(request.messages).catch(async (error: unknown) => {
    if (!request.fallback || !refusedHistory(error)) throw error;
    log.warn({ turnId, field: (error as UpstreamError).field }, "upstream refused a history image; replaying stored copies");
    await db.turn.update({ where: { id: turnId }, data: { requestMessages: request.fallback as object[] } });
    return generate(request.fallback);
  });
  const common = { responseFrame: result.frame as object, requestId: result.requestId, tokens: result.totalTokens, upstreamModel: result.upstreamModel };
  if (!result.ok) {
    const errorCode = result.error.code ?? result.finishReason ?? "error";
    // The runner ends the turn with this reason; the frame and its usage are kept with it.
    return { state: "failed", errorCode, errorMessage: result.userMessage, requestId: result.requestId, record: (tx) => tx.turn.update({ where: { id: turnId }, data: common }) };
  }
  progress({ state: "storing" });
  const owner = { client, ownerId, teamId: conversation.teamId, turnId, signal };
  await storeGeneratedImage({ ...owner, url: result.image.url, position: 0 });
  const intermediate = toolImageUrls(result.assembledHistory).find((url) => url !== result.image.url);
  if (intermediate) {
    await storeGeneratedImage({ ...owner, url: intermediate, position: 1 }).catch((error) =>
      log.warn({ err: error, turnId }, "intermediate image not stored; the final image will stand in for replays"),
    );
  }
  const succeeded = { ...common, status: "succeeded" as const, assembledHistory: result.assembledHistory as object[], durationMs: Date.now() - started, completedAt: new Date() };
  return {
    state: "succeeded",
    requestId: result.requestId,
    record: async (tx) => {
      await tx.turn.update({ where: { id: turnId }, data: succeeded });
      await recordTurnUsage(tx, turnId);
      // The studio images the request sent (its fallback names more of them: stored copies).
      const inputAssetIds = assetIdsInMessages([...request.messages, ...(request.fallback ?? [])]);
      await indexConversationTurn(tx, turnId, { placeholderTitle: UNTITLED_CONVERSATION, inputAssetIds });
    },
  };
}
