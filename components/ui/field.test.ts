import { describe, expect, it } from "vitest";
import { inputClass, inputClassWith } from "./field";

const classes = (value: string) => value.split(/\s+/);

describe("inputClassWith", () => {
  it("replaces the default width and padding it conflicts with, which a later stylesheet rule would otherwise keep", () => {
    const narrow = classes(inputClassWith("w-28 py-1"));
    expect(narrow).toEqual(expect.arrayContaining(["w-28", "py-1", "px-3", "rounded-lg"]));
    expect(narrow).not.toContain("w-full");
    expect(narrow).not.toContain("py-2");
  });

  it("keeps every default a change does not touch, and a phone-only change beside the default", () => {
    expect(classes(inputClassWith("tabular-nums"))).toEqual([...classes(inputClass), "tabular-nums"]);
    expect(classes(inputClassWith("w-28 max-sm:w-full"))).toEqual(expect.arrayContaining(["w-28", "max-sm:w-full"]));
  });
});
