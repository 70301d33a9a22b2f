import { describe, expect, it } from "vitest";
import { parseEnv } from "./settings";

describe("parseEnv", () => {
  it("accepts an empty environment (everything has a default or is optional)", () => {
    expect(parseEnv({})).toMatchObject({ ALPHA_CONCURRENCY: 2, USER_MAX_RUNNING_GENERATIONS: 3, LOG_LEVEL: "info" });
  });

  it("reads USER_MAX_RUNNING_GENERATIONS as a whole number of at least 1", () => {
    expect(parseEnv({ USER_MAX_RUNNING_GENERATIONS: "5" }).USER_MAX_RUNNING_GENERATIONS).toBe(5);
    expect(() => parseEnv({ USER_MAX_RUNNING_GENERATIONS: "0" })).toThrowError(/USER_MAX_RUNNING_GENERATIONS/);
    expect(() => parseEnv({ USER_MAX_RUNNING_GENERATIONS: "2.5" })).toThrowError(/USER_MAX_RUNNING_GENERATIONS/);
  });

  it("treats an empty variable as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", IMAGE_API_BASE_URL: "" })).not.toHaveProperty("DATABASE_URL");
  });

  it("names each bad variable and its rule", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x", IMAGE_API_BASE_URL: "not a url", ALPHA_CONCURRENCY: "0" })).toThrowError(
      /DATABASE_URL: must be a postgresql:\/\/ URL[\s\S]*IMAGE_API_BASE_URL[\s\S]*ALPHA_CONCURRENCY/,
    );
  });

  it("refuses a short AUTH_SECRET", () => {
    expect(() => parseEnv({ AUTH_SECRET: "short" })).toThrowError(/AUTH_SECRET: must be at least 32 characters/);
  });
});
