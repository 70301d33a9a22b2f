import { AppError } from "@/lib/errors";

// Errors of the filesystem that mean the storage takes no more writes (full, over a quota, read-only),
// as opposed to a bug or a broken request: the designer is told so plainly, and nothing retries into it.
const REFUSED_WRITE_CODES: ReadonlySet<string> = new Set(["ENOSPC", "EDQUOT", "EROFS", "EFBIG"]);

// The same, as S3-compatible stores name it (the SDK's error `name` is the service's code): AWS, MinIO
// (a full disk, a bucket quota) and any store answering 507 Insufficient Storage. AccessDenied on a
// write is a bucket that refuses writes (a read-only policy or key): no retry helps either.
const REFUSED_OBJECT_WRITE_NAMES: ReadonlySet<string> = new Set(["AccessDenied", "QuotaExceeded", "InsufficientStorage", "XMinioStorageFull", "XMinioAdminBucketQuotaExceeded"]);
const INSUFFICIENT_STORAGE = 507;

export const STORAGE_FAILED_MESSAGE = "The studio could not store the result: its storage is full or refuses writes";

export function isStorageRefusal(error: unknown): boolean {
  const fields = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  if (typeof fields?.code === "string" && REFUSED_WRITE_CODES.has(fields.code)) return true;
  if (typeof fields?.name === "string" && REFUSED_OBJECT_WRITE_NAMES.has(fields.name)) return true;
  return fields?.$metadata?.httpStatusCode === INSUFFICIENT_STORAGE;
}

/** `error` as the 507 `storage_failed` refusal when the storage refused the write, else unchanged. */
export function asStorageFailure(error: unknown): unknown {
  return isStorageRefusal(error) ? new AppError("storage_failed", STORAGE_FAILED_MESSAGE) : error;
}
