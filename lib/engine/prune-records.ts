import "server-only";
import { db } from "@/lib/db/client";
import { sweepExpired } from "@/lib/security/rate-limit";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long records that no longer do anything are kept. Ended invitations and links stay a month so
 * that their lists can still say "expired" or "revoked" to whoever looks soon after; a known sign-in
 * address only shields its owner from the lockout of strangers while it is still in use.
 */
export const RETENTION_MS = {
  /** Job events: a stream away for longer reads the job lists instead. */
  jobEvents: DAY_MS,
  /** Invites, team invitations and share links, after they expired or were revoked, declined or withdrawn. */
  endedLinks: 30 * DAY_MS,
  /** Sign-in addresses not used for this long are no longer "known". */
  signInAddresses: 180 * DAY_MS,
  /** Presence rows of workers that died without deleting theirs: kept a day for whoever investigates. */
  workerPresences: DAY_MS,
} as const;

/** What one run removed, per table. */
export type PruneReport = Record<"rateLimits" | "jobEvents" | "invites" | "teamInvitations" | "shareLinks" | "signInAddresses" | "workerPresences", number>;

/**
 * Deletes what has outlived its use. Used invites and accepted invitations stay: they record who
 * joined through them.
 */
export async function pruneRecords(now = new Date()): Promise<PruneReport> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const endedBefore = before(RETENTION_MS.endedLinks);
  const [rateLimits, jobEvents, invites, teamInvitations, shareLinks, signInAddresses, workerPresences] = await Promise.all([
    sweepExpired(),
    db.jobEvent.deleteMany({ where: { createdAt: { lt: before(RETENTION_MS.jobEvents) } } }).then((r) => r.count),
    db.invite
      .deleteMany({ where: { usedAt: null, OR: [{ expiresAt: { lt: endedBefore } }, { revokedAt: { lt: endedBefore } }] } })
      .then((r) => r.count),
    db.teamInvitation
      .deleteMany({ where: { acceptedAt: null, OR: [{ expiresAt: { lt: endedBefore } }, { declinedAt: { lt: endedBefore } }, { withdrawnAt: { lt: endedBefore } }] } })
      .then((r) => r.count),
    db.shareLink.deleteMany({ where: { OR: [{ expiresAt: { lt: endedBefore } }, { revokedAt: { lt: endedBefore } }] } }).then((r) => r.count),
    db.signInAddress.deleteMany({ where: { lastSignInAt: { lt: before(RETENTION_MS.signInAddresses) } } }).then((r) => r.count),
    db.workerPresence.deleteMany({ where: { seenAt: { lt: before(RETENTION_MS.workerPresences) } } }).then((r) => r.count),
  ]);
  return { rateLimits, jobEvents, invites, teamInvitations, shareLinks, signInAddresses, workerPresences };
}
