import { describe, expect, it } from "vitest";
import { prefixTsQuery } from "./search-query";

describe("prefixTsQuery", () => {
  it("makes every word a required prefix", () => {
    expect(prefixTsQuery("Red  fox")).toBe("red:* & fox:*");
  });

  it("keeps letters and digits of any script and drops tsquery syntax", () => {
    expect(prefixTsQuery("café' | !x:* & (2048)")).toBe("café:* & x:* & 2048:*");
    expect(prefixTsQuery("日本 の猫")).toBe("日本:* & の猫:*");
  });

  it("has nothing to search for in punctuation alone", () => {
    expect(prefixTsQuery(" '&|! ")).toBeNull();
  });
});
