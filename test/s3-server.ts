import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, vi } from "vitest";
import type { S3Location } from "@/lib/storage/storage-url";
import { forkS3Server, S3RVER_CREDENTIALS } from "./s3-server-fork";

export const TEST_BUCKET = "studio-test";

/**
 * An S3-compatible server (s3rver) for this test file, on a free port, with one bucket;
 * `location(prefix)` is where a store keeps its objects. s3rver accepts the credentials it documents
 * (S3RVER / S3RVER), which the AWS SDK reads from the environment as it does in production.
 */
export function useS3Server(): { location(prefix?: string): S3Location } {
  let directory: string;
  let server: ChildProcess;
  let endpoint: string;
  beforeAll(async () => {
    for (const [name, value] of Object.entries(S3RVER_CREDENTIALS)) vi.stubEnv(name, value);
    directory = await mkdtemp(path.join(os.tmpdir(), "s3rver-"));
    const started = forkS3Server(directory, TEST_BUCKET);
    server = started.child;
    endpoint = await started.endpoint;
  });
  afterAll(async () => {
    const exited = once(server, "exit");
    server.kill();
    await exited;
    await rm(directory, { recursive: true, force: true });
    vi.unstubAllEnvs();
  });
  return {
    location: (prefix = `${randomUUID()}/`) => ({ bucket: TEST_BUCKET, prefix, endpoint, region: "us-east-1", forcePathStyle: true }),
  };
}
