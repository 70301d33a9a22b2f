import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../settings";
import { resolveDbTarget } from "./adapter";

describe("resolveDbTarget", () => {
  it("defaults to PGlite under ./.data", () => {
    expect(resolveDbTarget({})).toEqual({ engine: "pglite", dataDir: path.resolve(".data", "pglite") });
  });

  it("keeps PGlite under STUDIO_DATA_DIR", () => {
    expect(resolveDbTarget({ STUDIO_DATA_DIR: "/srv/studio" })).toEqual({
      engine: "pglite",
      dataDir: "/srv/studio/pglite",
    });
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const url = "postgresql://studio@db.internal:5432/studio";
    expect(resolveDbTarget({ DATABASE_URL: url, STUDIO_DATA_DIR: "/srv/studio" })).toEqual({
      engine: "postgres",
      url,
    });
  });

  it("reads the process's settings, where a DATABASE_URL that is not PostgreSQL is refused", () => {
    expect(() => parseEnv({ DATABASE_URL: "file:./dev.db" })).toThrow(/DATABASE_URL: must be a postgresql:\/\/ URL/);
    expect(resolveDbTarget(parseEnv({ STUDIO_DATA_DIR: "/srv/studio" }))).toEqual({ engine: "pglite", dataDir: "/srv/studio/pglite" });
  });
});
