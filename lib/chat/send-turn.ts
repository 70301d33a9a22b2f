import "server-only";
import { UNTITLED_CONVERSATION } from "./schemas";
import type { CurrentUser } from "@/lib/auth/current-user";
import { assembleNextMessages, branchOf, buildUserMessage, imageUrlsInMessages, type BranchTurn } from "@/lib/chat/assemble-messages";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { failureOf, storedFailure } from "@/lib/http/client-error";
import { ALPHA_IMAGE_MIME_TYPES, ALPHA_V35_MAX_IMAGE_BYTES, type AlphaV35TurnFormValues } from "@/lib/images/alpha-schemas";
import { loadReferenceAssets } from "@/lib/images/reference-images";
import { storeGeneratedImage } from "@/lib/images/store-result";
import { log } from "@/lib/log";
import { alphaV35ParamsFromForm } from "@/lib/images/alpha-params";
import type { AlphaMessage } from "@/lib/upstream/alpha/wire-messages";
import { alphaClient } from "@/lib/upstream/clients";
import { UpstreamError } from "@/lib/upstream/errors";
import { startWithinRunningLimit } from "@/lib/jobs/running-limit";
import { assetRef } from "./asset-ref-format";
import { resolveAssetRefs } from "./asset-refs";
import { getConversationWithTurns, getOwnedConversation, titleFrom } from "./conversations";

export type TurnProgress = {
  onQueuePosition?: (position: number) => void;
  onFrame?: (round: number | undefined) => void;
  onStage?: (stage: "generating" | "storing") => void;
};

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

// One turn of the chat editor (spec 4.2). Preparing checks everything a user can get wrong (a 400
// before anything starts), assembles the request per rule 2 and persists the turn as pending within
// the owner's running limit (a 429 before anything starts, lib/jobs/running-limit); the caller must
// then run what it returns, or the pending turn keeps its place until the next start closes it.
// Running calls the upstream, stores the final image (and the intermediate one used for follow-up
// edits), and persists the outcome — success or failed frame — before the browser hears of it.
export async function prepareTurn(user: CurrentUser, conversationId: string, parentTurnId: string | null, values: AlphaV35TurnFormValues) {
  const conversation = await getOwnedConversation(user, conversationId);
  const turns = await loadTurns(conversationId);
  if (parentTurnId && !turns.some((turn) => turn.id === parentTurnId)) {
    throw new AppError("validation_failed", "parentTurnId: no such turn in this conversation", [{ field: "parentTurnId", message: "no such turn in this conversation" }]);
  }
  const inputs = await loadReferenceAssets(user, values.images.map((image) => image.assetId), {
    field: "images",
    mimes: ALPHA_IMAGE_MIME_TYPES,
    maxBytes: ALPHA_V35_MAX_IMAGE_BYTES,
  });
  const branch = parentTurnId ? branchOf(turns, parentTurnId) : [];
  const copies = storedCopies(branch);
  const toAssemble = {
    branch: branch.map(toBranchTurn),
    newUserMessage: buildUserMessage(values.text, inputs.map((asset) => assetRef(asset.id))),
    resolveExpiredImage: (url: string) => copies.get(url),
  };
  const assembled = assembleNextMessages({ ...toAssemble, now: new Date() });
  if (assembled.unresolvedExpiredUrls.length > 0) {
    log.warn({ conversationId, urls: assembled.unresolvedExpiredUrls.length }, "expired history images without a stored copy");
  }
  // The same request with every history image replaced by the studio's stored copy, for when the
  // upstream refuses a URL that should still be alive (e.g. its files were lost before 12 hours).
  const storedOnly = assembleNextMessages({ ...toAssemble, treatAllAsExpired: true });
  const fallback = storedOnly.replacedUrls.length > assembled.replacedUrls.length ? storedOnly.messages : undefined;
  const isFirstTurn = turns.length === 0;
  // Counted against the conversation's owner, whose turns these are (an admin may act for support),
  // so that no owner ever has more than their limit running.
  const turn = await startWithinRunningLimit(conversation.ownerId, async (tx) => {
    const created = await tx.turn.create({
      data: {
        conversationId,
        parentTurnId,
        userText: values.text,
        params: { size: values.size, seed: values.seed ?? null, footnote: values.footnote ?? null, resizeMaxPixels: values.resizeMaxPixels ?? null, useSearchTool: values.useSearchTool },
        requestMessages: assembled.messages as object[],
      },
    });
    await tx.conversation.update({
      where: { id: conversationId },
      data: { updatedAt: new Date(), ...(isFirstTurn && conversation.title === UNTITLED_CONVERSATION && { title: titleFrom(values.text) }) },
    });
    return created;
  });
  return async (progress: TurnProgress & { signal?: AbortSignal } = {}) => {
    await runTurn(user, conversation, turn.id, { messages: assembled.messages, fallback }, values, progress);
    const updated = await getConversationWithTurns(user, conversationId);
    return updated.turns.find((t) => t.id === turn.id)!;
  };
}

async function loadAsset(id: string) {
  const asset = await db.asset.findUnique({ where: { id } });
  if (!asset) throw new AppError("not_found", `Image ${id} of this conversation is missing`);
  return asset;
}

const CANCELLED = { errorCode: "cancelled", errorMessage: "Cancelled before the image arrived", requestId: undefined };

// A 400 that names a message: the upstream could not use something in the replayed history.
function refusedHistory(error: unknown): boolean {
  return error instanceof UpstreamError && error.kind === "bad_request" && (error.field ?? "").startsWith("messages");
}

async function runTurn(
  user: CurrentUser,
  conversation: { id: string; session: string; teamId: string | null },
  turnId: string,
  request: { messages: AlphaMessage[]; fallback?: AlphaMessage[] },
  values: AlphaV35TurnFormValues,
  progress: TurnProgress & { signal?: AbortSignal },
) {
  const started = Date.now();
  const finish = (data: Parameters<typeof db.turn.update>[0]["data"]) =>
    db.turn.update({ where: { id: turnId }, data: { ...data, durationMs: Date.now() - started, completedAt: new Date() } });
  try {
    const client = alphaClient();
    const generate = async (messages: AlphaMessage[]) =>
      client.generateV35(alphaV35ParamsFromForm(values, { messages: await resolveAssetRefs(messages, loadAsset), session: conversation.session }), {
        signal: progress.signal,
        onQueuePosition: progress.onQueuePosition,
        onAdmitted: () => progress.onStage?.("generating"),
        onFrame: (frame) => progress.onFrame?.(frame.round ?? undefined),
      });
    const result = await generate(request.messages).catch(async (error: unknown) => {
      if (!request.fallback || !refusedHistory(error)) throw error;
      log.warn({ turnId, field: (error as UpstreamError).field }, "upstream refused a history image; replaying stored copies");
      await db.turn.update({ where: { id: turnId }, data: { requestMessages: request.fallback as object[] } });
      return generate(request.fallback);
    });
    const common = { responseFrame: result.frame as object, requestId: result.requestId, tokens: result.totalTokens, upstreamModel: result.upstreamModel };
    if (!result.ok) {
      await finish({ ...common, status: "failed", errorCode: result.error.code ?? result.finishReason ?? "error", errorMessage: result.userMessage });
      return;
    }
    progress.onStage?.("storing");
    const owner = { client, ownerId: user.id, teamId: conversation.teamId, turnId, signal: progress.signal };
    await storeGeneratedImage({ ...owner, url: result.image.url, position: 0 });
    const intermediate = toolImageUrls(result.assembledHistory).find((url) => url !== result.image.url);
    if (intermediate) {
      await storeGeneratedImage({ ...owner, url: intermediate, position: 1 }).catch((error) =>
        log.warn({ err: error, turnId }, "intermediate image not stored; the final image will stand in for replays"),
      );
    }
    await finish({ ...common, status: "succeeded", assembledHistory: result.assembledHistory as object[] });
  } catch (error) {
    const aborted = progress.signal?.aborted;
    // A turn stopped by its sender keeps the code cancelled turns have always been stored with,
    // whatever error the abort surfaced as.
    await finish({ status: "failed", ...(aborted ? CANCELLED : storedFailure(error)) });
    // The turn tells what went wrong; only a failure nobody expected also ends the stream as an error (and is logged).
    if (!aborted && failureOf(error).unexpected) throw error;
  }
}

