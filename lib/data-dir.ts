import path from "node:path";
import { settings } from "./settings";

// Everything the studio writes on a laptop lives here: the embedded database, blobs and secrets.
export function dataDir(configured: string | undefined = settings().STUDIO_DATA_DIR): string {
  // A run-time location, not a build input: keep Turbopack from tracing the whole project.
  return path.resolve(/*turbopackIgnore: true*/ configured || ".data");
}
