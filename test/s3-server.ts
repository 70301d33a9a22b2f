import { fork, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, vi } from "vitest";
import type { S3Location } from "@/lib/storage/storage-url";

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
    vi.stubEnv("AWS_ACCESS_KEY_ID", "S3RVER");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "S3RVER");
    directory = await mkdtemp(path.join(os.tmpdir(), "s3rver-"));
    server = fork(fileURLToPath(new URL("./s3-server-process.mjs", import.meta.url)), [directory, TEST_BUCKET], { stdio: "inherit" });
    const [message] = (await Promise.race([once(server, "message"), once(server, "exit").then(() => Promise.reject(new Error("s3rver did not start")))])) as [{ port: number }];
    endpoint = `http://127.0.0.1:${message.port}`;
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
