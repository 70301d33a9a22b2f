import "server-only";
import { db } from "@/lib/db/client";
import { advisoryXactLock } from "@/lib/db/advisory-lock";
import { AppError, type FieldProblem } from "@/lib/errors";
import type { Asset, Prisma } from "@/lib/generated/prisma/client";
import { STORAGE_QUOTA_ADVICE } from "./quota-advice";
import { formatStorageBytes, type AccountStorageDto, type StorageUseDto } from "./quota-rules";
import { readStorageUse, type StorageOwner } from "./storage-use";

/**
 * Refuses (413 `storage_quota_exceeded`, naming the quota, its use and its limit) when storing
 * `bytes` more would take the owner or their team past a quota. `field` names what would not fit,
 * for uploads.
 */
export async function assertStorageRoom(owner: StorageOwner, bytes: number, options: { field?: string; client?: Prisma.TransactionClient } = {}): Promise<void> {
  const use = await readStorageUse(owner, options.client);
  const problem = quotaProblem(use, bytes);
  if (!problem) return;
  const fields: FieldProblem[] = options.field ? [{ field: options.field, message: `does not fit in ${problem.whose}: ${problem.numbers}` }] : [];
  throw new AppError("storage_quota_exceeded", `${problem.sentence} ${STORAGE_QUOTA_ADVICE}`, fields);
}

/**
 * Before a job that stores what it makes (an image generation, a chat turn, a video) starts: there
 * must be room left. A job's output size is not known until it ends, so a job that started with room
 * may finish past the quota; the next start is then refused.
 */
export function assertStorageLeftForJob(owner: StorageOwner): Promise<void> {
  return assertStorageRoom(owner, 1);
}

/**
 * Creates an uploaded file's Asset only when it fits, checked and inserted in one transaction under
 * the owner's and the team's storage locks: two
 * uploads at once, from any studio process, cannot both take the last room. The owner's lock is
 * always taken before the team's, so two transactions never wait on each other in a circle.
 */
export function createAssetWithinQuota(data: Prisma.AssetUncheckedCreateInput, alsoInTransaction?: (tx: Prisma.TransactionClient) => Promise<void>): Promise<Asset> {
  const owner = { ownerId: data.ownerId, teamId: data.teamId ?? null };
  return db.$transaction(async (tx) => {
    await advisoryXactLock(tx, "storage-quota", `user:${owner.ownerId}`);
    if (owner.teamId) await advisoryXactLock(tx, "storage-quota", `team:${owner.teamId}`);
    await assertStorageRoom(owner, Number(data.bytes), { field: "file", client: tx });
    const asset = await tx.asset.create({ data });
    await alsoInTransaction?.(tx);
    return asset;
  });
}

type QuotaProblem = { whose: string; numbers: string; sentence: string };

function quotaProblem(use: AccountStorageDto, bytes: number): QuotaProblem | null {
  if (exceeds(use.user, bytes)) return describeProblem("your storage quota", "Your storage quota", use.user, bytes);
  if (use.team && exceeds(use.team, bytes)) {
    const whose = `the storage quota of team ${use.team.name}`;
    return describeProblem(whose, `The storage quota of team ${use.team.name}`, use.team, bytes);
  }
  return null;
}

function exceeds(use: StorageUseDto, bytes: number): boolean {
  return use.limitBytes !== null && use.usedBytes + bytes > use.limitBytes;
}

function describeProblem(whose: string, subject: string, use: StorageUseDto, bytes: number): QuotaProblem {
  const numbers = `${formatStorageBytes(use.usedBytes)} of ${formatStorageBytes(use.limitBytes!)} used`;
  const full = use.usedBytes >= use.limitBytes!;
  const sentence = full ? `${subject} is full: ${numbers}.` : `${subject} has no room for ${formatStorageBytes(bytes)} more: ${numbers}.`;
  return { whose, numbers, sentence };
}
