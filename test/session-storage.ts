import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { blobFiles } from "@/lib/assets/test-support";
import { loadSettings } from "@/lib/settings";
import { createTestDb, type TestDb } from "./db";
import { session } from "./session-double";
import { createTestUser } from "./users";

export type SessionStorage = {
  dataDir: string;
  testDb: TestDb;
  /** What is stored: blob files on disk and Asset rows. */
  stored(): Promise<{ blobs: string[]; rows: number }>;
};

// The set-up of tests that call the upload route, or the stores under it, as one signed-in user: a
// throwaway data directory (the real blob store) and a fresh migrated database, with `session.user`
// (test/session-double) a user of it. Registers its hooks; read the fields inside tests.
export function useSessionStorage(prefix: string): SessionStorage {
  const context = {} as SessionStorage;
  beforeAll(async () => {
    context.dataDir = await mkdtemp(path.join(os.tmpdir(), `studio-${prefix}-`));
    process.env.STUDIO_DATA_DIR = context.dataDir;
    loadSettings();
    context.testDb = await createTestDb();
    session.user = await createTestUser(context.testDb.db);
  });
  afterAll(async () => {
    await context.testDb?.close();
    await rm(context.dataDir, { recursive: true, force: true });
  });
  context.stored = async () => ({ blobs: (await blobFiles(path.join(context.dataDir, "blobs"))).sort(), rows: await context.testDb.db.asset.count() });
  return context;
}

/** A raw-body upload as Node's HTTP server hands it to the route: a buffer arrives with its Content-Length. */
export function uploadRequest(url: string, body: Buffer | ReadableStream<Uint8Array>, headers: Record<string, string>): Request {
  const sized = Buffer.isBuffer(body) ? { "content-length": String(body.length) } : {};
  return new Request(url, {
    method: "POST",
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
    headers: { ...sized, ...headers },
    duplex: "half",
  } as RequestInit);
}
