import { describe, expect, it } from "vitest";
import { insertAtCursor, referenceTags } from "./prompt-tags";

describe("referenceTags (spec 4.4.1 `<Picture 1>`, `<Video 1>`, `<Audio 1>`)", () => {
  it("numbers each type on its own, in the order of the list", () => {
    expect(referenceTags([{ type: "image" }, { type: "video" }, { type: "image" }, { type: "audio" }, { type: "video" }])).toEqual([
      "<Picture 1>",
      "<Video 1>",
      "<Picture 2>",
      "<Audio 1>",
      "<Video 2>",
    ]);
    expect(referenceTags([])).toEqual([]);
  });
});

describe("insertAtCursor", () => {
  it("inserts at the caret with spaces where the tag would touch a word, and puts the caret after it", () => {
    expect(insertAtCursor("The man dances", 7, 7, "<Picture 1>")).toEqual({ text: "The man <Picture 1> dances", cursor: 19 });
    expect(insertAtCursor("The man dances", 8, 8, "<Picture 1>")).toEqual({ text: "The man <Picture 1> dances", cursor: 20 });
  });

  it("adds no space at the start, at the end after a space, or before punctuation", () => {
    expect(insertAtCursor("", 0, 0, "<Video 1>")).toEqual({ text: "<Video 1>", cursor: 9 });
    expect(insertAtCursor("moves like ", 11, 11, "<Video 1>")).toEqual({ text: "moves like <Video 1>", cursor: 20 });
    expect(insertAtCursor("moves like.", 10, 10, "<Video 1>")).toEqual({ text: "moves like <Video 1>.", cursor: 20 });
  });

  it("replaces the selected text", () => {
    expect(insertAtCursor("the hero walks", 4, 8, "<Picture 2>")).toEqual({ text: "the <Picture 2> walks", cursor: 15 });
  });

  it("clamps a caret outside the text to its end", () => {
    expect(insertAtCursor("rain", 99, 120, "<Audio 1>")).toEqual({ text: "rain <Audio 1>", cursor: 14 });
  });
});
