import path from "node:path";

// Everything the studio writes on a laptop lives here: the embedded database, blobs and secrets.
export function dataDir(env: Record<string, string | undefined> = process.env): string {
  // A run-time location, not a build input: keep Turbopack from tracing the whole project.
  return path.resolve(/*turbopackIgnore: true*/ env.STUDIO_DATA_DIR || ".data");
}
