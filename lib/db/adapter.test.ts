import { describe, expect, it } from "vitest";
import { parseEnv } from "../settings";
import { databaseUrl } from "./adapter";

describe("databaseUrl", () => {
  it("is DATABASE_URL", () => {
    const url = "postgresql://studio@db.internal:5432/studio";
    expect(databaseUrl({ DATABASE_URL: url })).toBe(url);
  });

  it("says how to get one when DATABASE_URL is unset", () => {
    expect(() => databaseUrl({})).toThrow(/DATABASE_URL is not set: start the studio with `npm start`/);
  });

  it("reads the process's settings, where a DATABASE_URL that is not PostgreSQL is refused", () => {
    expect(() => parseEnv({ DATABASE_URL: "file:./dev.db" })).toThrow(/DATABASE_URL: must be a postgresql:\/\/ URL/);
  });
});
