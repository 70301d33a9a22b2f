import { AppError } from "@/lib/errors";

// Errors of the filesystem that mean the storage takes no more writes (full, over a quota, read-only),
// as opposed to a bug or a broken request: the designer is told so plainly, and nothing retries into it.
const REFUSED_WRITE_CODES: ReadonlySet<string> = new Set(["ENOSPC", "EDQUOT", "EROFS", "EFBIG"]);

export const STORAGE_FAILED_MESSAGE = "The studio could not store the result: its storage is full or refuses writes";

export function isStorageRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && REFUSED_WRITE_CODES.has(code);
}

/** `error` as the 507 `storage_failed` refusal when the storage refused the write, else unchanged. */
export function asStorageFailure(error: unknown): unknown {
  return isStorageRefusal(error) ? new AppError("storage_failed", STORAGE_FAILED_MESSAGE) : error;
}
