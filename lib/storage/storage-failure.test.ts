import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { asStorageFailure, isStorageRefusal } from "./storage-failure";

const s3Error = (name: string, httpStatusCode: number) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode } });

describe("a storage that refuses writes", () => {
  it.each([
    ["a full disk", Object.assign(new Error("no space"), { code: "ENOSPC" })],
    ["a read-only mount", Object.assign(new Error("read-only"), { code: "EROFS" })],
    ["MinIO out of disk", s3Error("XMinioStorageFull", 507)],
    ["a MinIO bucket quota", s3Error("XMinioAdminBucketQuotaExceeded", 400)],
    ["a bucket that refuses writes", s3Error("AccessDenied", 403)],
    ["any store answering 507", s3Error("SomethingElse", 507)],
  ])("%s is a storage_failed (507)", (_name, error) => {
    expect(isStorageRefusal(error)).toBe(true);
    const failure = asStorageFailure(error);
    expect(isAppError(failure) && failure.status).toBe(507);
  });

  it.each([
    ["a broken connection", Object.assign(new Error("reset"), { code: "ECONNRESET" })],
    ["an S3 server error", s3Error("InternalError", 500)],
    ["a missing bucket", s3Error("NoSuchBucket", 404)],
  ])("%s is not", (_name, error) => {
    expect(isStorageRefusal(error)).toBe(false);
    expect(asStorageFailure(error)).toBe(error);
  });
});
