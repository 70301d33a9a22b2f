import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { describeBlobStoreContract } from "./blob-store-contract";
import { FsBlobStore } from "./fs-blob-store";

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

describeBlobStoreContract("FsBlobStore", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "blob-contract-"));
  roots.push(root);
  return {
    store: new FsBlobStore(root),
    storedObjects: async () => {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
    },
  };
});
