import path from "node:path";

// Everything the studio writes on a laptop lives here: the embedded database, blobs and secrets.
export function dataDir(): string {
  return path.resolve(process.env.STUDIO_DATA_DIR ?? ".data");
}
