import { describe, expect, it } from "vitest";
import { isOverByteLimit, referenceTimeProblem, videoInputProblems, videoInputTypeOfMime, videoInputTypeOfName } from "./input-rules";

// Spec 4.4.1 file limits at each boundary: the last value accepted and the first refused.
const MIB = 1024 * 1024;

describe("input types (spec 4.4.1 table)", () => {
  it.each([
    ["image/jpeg", "image"],
    ["image/png", "image"],
    ["image/webp", "image"],
    ["image/heic", "image"],
    ["IMAGE/HEIF", "image"],
    ["video/mp4", "video"],
    ["video/quicktime", "video"],
    ["audio/wav", "audio"],
    ["audio/x-wav", "audio"],
    ["audio/mpeg; codecs=mp3", "audio"],
    ["image/gif", null],
    ["video/webm", null],
    ["audio/ogg", null],
    ["", null],
  ])("MIME %s → %s", (mime, type) => {
    expect(videoInputTypeOfMime(mime)).toBe(type);
  });

  it.each([
    ["photo.JPG", "image"],
    ["photo.jpeg", "image"],
    ["shot.heic", "image"],
    ["shot.heif", "image"],
    ["clip.mov", "video"],
    ["clip.final.mp4", "video"],
    ["voice.wav", "audio"],
    ["voice.mp3", "audio"],
    ["clip.webm", null],
    ["mp4", null],
    ["toString", null],
  ])("name %s → %s", (name, type) => {
    expect(videoInputTypeOfName(name)).toBe(type);
  });
});

describe("image rules", () => {
  const image = (width: number, height: number, bytes = 1000) => videoInputProblems("image", { name: "photo.png", bytes, width, height });

  it.each([
    [256, 256],
    [5760, 5760],
    [1000, 400],
    [400, 1000],
  ])("%i×%i px passes", (width, height) => {
    expect(image(width, height)).toEqual([]);
  });

  it("refuses a side of 255 and of 5761 px, naming the file, the rule and the size", () => {
    expect(image(255, 300)).toEqual(["photo.png: each side must be 256 to 5760 px (it is 255×300 px)"]);
    expect(image(5761, 5000)).toEqual(["photo.png: each side must be 256 to 5760 px (it is 5761×5000 px)"]);
  });

  it("refuses a width/height ratio below 0.4 or above 2.5", () => {
    expect(image(3100, 1000)).toEqual(["photo.png: width/height ratio must be between 0.4 and 2.5 (it is 3.10)"]);
    expect(image(1001, 400)).toEqual(["photo.png: width/height ratio must be between 0.4 and 2.5 (it is 2.502)"]);
    expect(image(399, 1000)).toEqual(["photo.png: width/height ratio must be between 0.4 and 2.5 (it is 0.399)"]);
  });

  it("names every rule a file breaks", () => {
    expect(image(200, 600, 31 * MIB)).toEqual([
      "photo.png: an image must be at most 30 MiB (it is 31.0 MiB)",
      "photo.png: each side must be 256 to 5760 px (it is 200×600 px)",
      "photo.png: width/height ratio must be between 0.4 and 2.5 (it is 0.33)",
    ]);
  });

  it("checks only what is known", () => {
    expect(videoInputProblems("image", { name: "photo.png", bytes: 1000 })).toEqual([]);
    expect(videoInputProblems("image", { name: "photo.png", bytes: 1000, width: 100, height: null })).toEqual(["photo.png: each side must be 256 to 5760 px (it is 100 px)"]);
  });
});

describe("byte limits: 30 MiB image, 50 MiB video, 15 MiB audio", () => {
  it.each([
    ["image", 30],
    ["video", 50],
    ["audio", 15],
  ] as const)("%s: %i MiB exactly passes, one byte more is refused in bytes", (type, mebibytes) => {
    const limit = mebibytes * MIB;
    expect(isOverByteLimit(type, limit)).toBe(false);
    expect(videoInputProblems(type, { name: "file", bytes: limit })).toEqual([]);
    expect(isOverByteLimit(type, limit + 1)).toBe(true);
    expect(videoInputProblems(type, { name: "file", bytes: limit + 1 })[0]).toBe(
      `file: ${type === "image" ? "an image" : type === "video" ? "a video" : "an audio file"} must be at most ${mebibytes} MiB, ${limit.toLocaleString("en-US")} bytes (it is ${(limit + 1).toLocaleString("en-US")} bytes)`,
    );
  });

  it("names a clearly larger file in MiB", () => {
    expect(videoInputProblems("audio", { name: "voice.wav", bytes: 20.5 * MIB })).toEqual(["voice.wav: an audio file must be at most 15 MiB (it is 20.5 MiB)"]);
  });
});

describe("video rules", () => {
  const clip = (meta: { width?: number; height?: number; durationSeconds?: number; fps?: number | null }) =>
    videoInputProblems("video", { name: "clip.mp4", bytes: 1000, width: 1280, height: 720, durationSeconds: 5, fps: 24, ...meta });

  it.each([
    { fps: 23 },
    { fps: 60 },
    { fps: 23.976 },
    { durationSeconds: 2 },
    { durationSeconds: 15 },
    { width: 256, height: 256 },
    { width: 5760, height: 5760 },
    { width: 5760, height: 256 },
  ])("%o passes (a video has no ratio rule)", (meta) => {
    expect(clip(meta)).toEqual([]);
  });

  it("refuses frame rates below 23 and above 60 fps", () => {
    expect(clip({ fps: 20 })).toEqual(["clip.mp4: frame rate must be 23 to 60 fps (it is 20 fps)"]);
    expect(clip({ fps: 22.999 })).toEqual(["clip.mp4: frame rate must be 23 to 60 fps (it is 22.999 fps)"]);
    expect(clip({ fps: 60.5 })).toEqual(["clip.mp4: frame rate must be 23 to 60 fps (it is 60.50 fps)"]);
  });

  it("refuses lengths under 2 or over 15 s, never showing one as the limit", () => {
    expect(clip({ durationSeconds: 1.999 })).toEqual(["clip.mp4: length must be 2 to 15 seconds (it is 1.999 s)"]);
    expect(clip({ durationSeconds: 15.04 })).toEqual(["clip.mp4: length must be 2 to 15 seconds (it is 15.04 s)"]);
    expect(clip({ durationSeconds: 16 })).toEqual(["clip.mp4: length must be 2 to 15 seconds (it is 16 s)"]);
  });

  it("refuses sides of 255 and 5761 px", () => {
    expect(clip({ width: 255, height: 256 })).toEqual(["clip.mp4: each side must be 256 to 5760 px (it is 255×256 px)"]);
    expect(clip({ width: 3840, height: 5761 })).toEqual(["clip.mp4: each side must be 256 to 5760 px (it is 3840×5761 px)"]);
  });

  it("leaves an unknown frame rate unchecked (the browser cannot read it)", () => {
    expect(clip({ fps: null })).toEqual([]);
  });
});

describe("audio rules", () => {
  const tone = (durationSeconds: number) => videoInputProblems("audio", { name: "voice.wav", bytes: 1000, durationSeconds, width: 1, height: 1 });

  it("takes 2 to 15 s and nothing about pictures", () => {
    expect(tone(2)).toEqual([]);
    expect(tone(15)).toEqual([]);
  });

  it("refuses 1 s and 16 s", () => {
    expect(tone(1)).toEqual(["voice.wav: length must be 2 to 15 seconds (it is 1 s)"]);
    expect(tone(16.2)).toEqual(["voice.wav: length must be 2 to 15 seconds (it is 16.2 s)"]);
  });
});

describe("reference time (spec 4.4.1: video and audio at most 15 s in all)", () => {
  it("takes 15 s in all, images not counted", () => {
    expect(
      referenceTimeProblem([
        { name: "a.mp4", type: "video", durationSeconds: 10 },
        { name: "b.wav", type: "audio", durationSeconds: 5 },
        { name: "c.png", type: "image", durationSeconds: null },
      ]),
    ).toBeNull();
  });

  it("refuses more, naming the files that count", () => {
    expect(
      referenceTimeProblem([
        { name: "a.mp4", type: "video", durationSeconds: 10 },
        { name: "c.png", type: "image", durationSeconds: null },
        { name: "b.wav", type: "audio", durationSeconds: 5.01 },
      ]),
    ).toBe("a.mp4, b.wav: reference videos and audio may last at most 15 seconds in all (these last 15.01 s)");
  });

  it("counts files of unknown length as nothing", () => {
    expect(referenceTimeProblem([{ name: "a.mp4", type: "video", durationSeconds: null }])).toBeNull();
  });
});
