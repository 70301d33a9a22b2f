import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser } from "@/lib/auth/current-user";
import { SETTINGS_ID } from "@/lib/auth/site-settings";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { QueueCaps } from "./queue-cap-schemas";

/** The caps per site role; null where none is set. */
export async function queueCaps(client: Prisma.TransactionClient = db): Promise<QueueCaps> {
  const row = await client.siteSettings.findUnique({ where: { id: SETTINGS_ID }, select: { queuedJobCapAdmin: true, queuedJobCapMember: true } });
  return { admin: row?.queuedJobCapAdmin ?? null, member: row?.queuedJobCapMember ?? null };
}

/** A site admin sets the caps; they bind from the next start, and jobs already made are left alone. */
export function setQueueCaps(admin: CurrentUser, caps: QueueCaps): Promise<QueueCaps> {
  return db.$transaction(async (tx) => {
    const values = { queuedJobCapAdmin: caps.admin, queuedJobCapMember: caps.member };
    await tx.siteSettings.upsert({ where: { id: SETTINGS_ID }, create: { id: SETTINGS_ID, ...values }, update: values });
    await recordAudit(tx, { actor: admin, action: "settings.queued_job_caps", details: { ...caps } });
    return caps;
  });
}

/**
 * Refuses (429) a start that left its owner with more image jobs, running or waiting, than their
 * role's cap. Called after the start's rows are written, in its transaction under the owner's job
 * lock, so the count includes them and a refusal takes them back.
 */
export async function assertWithinQueueCap(tx: Prisma.TransactionClient, ownerId: string, unended: () => Promise<number>): Promise<void> {
  // Read first: with no cap set (the default) a start costs no more queries.
  const caps = await queueCaps(tx);
  if (caps.admin === null && caps.member === null) return;
  const owner = await tx.user.findUnique({ where: { id: ownerId }, select: { role: true } });
  if (!owner) return;
  const cap = caps[owner.role];
  if (cap === null) return;
  const count = await unended();
  if (count <= cap) return;
  throw new AppError(
    "rate_limited",
    `People with the ${owner.role} role may have at most ${cap} image ${cap === 1 ? "job" : "jobs"} running or waiting; this start would make ${count}. Wait for some to finish or cancel some.`,
  );
}
