import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * What the studio serializes with advisory locks, each a namespace of its own: a database has one
 * key space for them, so two users of it must never hash to the same key by sharing a name.
 */
export type AdvisoryLockNamespace =
  /** The first account on an empty database becomes its admin (lib/auth/create-account). */
  | "first-account"
  /** One owner's job changes and running-limit count (lib/jobs/job-changes), keyed by owner. */
  | "owner-jobs"
  /** Taking one of a person's job stream slots (lib/jobs/stream-slots), keyed by user. */
  | "job-streams"
  /** Admission to one upstream model's line (lib/upstream/gate-tickets), keyed by model. */
  | "upstream-gate"
  /** An upload's quota check and its Asset row (lib/storage-quota), keyed by owner and by team. */
  | "storage-quota"
  /** A blob's hold being taken and its unused check and delete (lib/assets/pending-blobs), keyed by blob key. */
  | "blob-key";

/**
 * Holds the advisory lock of (`namespace`, `key`) until the transaction ends: transactions that take
 * the same one run one at a time, on every studio process over the database.
 */
export async function advisoryXactLock(tx: Prisma.TransactionClient, namespace: AdvisoryLockNamespace, key = ""): Promise<void> {
  await tx.$executeRaw`SELECT ${advisoryXactLockCall(namespace, key)}`;
}

/** The call that takes the lock, for a single statement that must hold it only while it runs (its own implicit transaction). */
export function advisoryXactLockCall(namespace: AdvisoryLockNamespace, key = ""): Prisma.Sql {
  return Prisma.sql`pg_advisory_xact_lock(hashtextextended(${`${namespace}:${key}`}, 0))`;
}
