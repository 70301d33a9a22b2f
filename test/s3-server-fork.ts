// s3rver in a process of its own (test/s3-server-process.mjs), for the storage tests, the
// multi-instance spec and bench:assets' S3 mode.
import { fork, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

/** What s3rver accepts (and the AWS SDK reads from the environment, as in production). */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

/**
 * Serves `directory` with one bucket on a free port: the process at once (for its owner to stop
 * whatever happens next), and its endpoint once it listens.
 */
export function forkS3Server(directory: string, bucket: string, options: { detached?: boolean } = {}): { child: ChildProcess; endpoint: Promise<string> } {
  const child = fork(fileURLToPath(new URL("./s3-server-process.mjs", import.meta.url)), [directory, bucket], { stdio: ["ignore", "inherit", "inherit", "ipc"], detached: options.detached });
  const started = Promise.race([once(child, "message"), once(child, "exit").then(() => Promise.reject(new Error("s3rver did not start")))]) as Promise<[{ port: number }]>;
  return { child, endpoint: started.then(([{ port }]) => `http://127.0.0.1:${port}`) };
}
