import { describe, expect, it } from "vitest";
import type { VideoInputType } from "@/lib/upstream/video/limits";
import { referenceRoomProblem } from "./reference-room";

const many = (type: VideoInputType, n: number): VideoInputType[] => Array.from({ length: n }, () => type);

// Spec 4.4.1: at most 9 images, 3 videos, 3 audio files, 12 in total.
describe("referenceRoomProblem", () => {
  it("takes a ninth image and refuses a tenth, naming the file", () => {
    expect(referenceRoomProblem(many("image", 8), "image", "a.png")).toBeNull();
    expect(referenceRoomProblem(many("image", 9), "image", "b.png")).toBe("b.png: references take at most 9 images");
  });

  it("counts videos and audio on their own", () => {
    expect(referenceRoomProblem([...many("video", 3), ...many("image", 5)], "audio", "a.wav")).toBeNull();
    expect(referenceRoomProblem(many("video", 3), "video", "d.mp4")).toBe("d.mp4: references take at most 3 videos");
    expect(referenceRoomProblem(many("audio", 3), "audio", "e.mp3")).toBe("e.mp3: references take at most 3 audio files");
  });

  it("refuses a thirteenth file whatever its type", () => {
    const twelve = [...many("image", 9), ...many("video", 3)];
    expect(referenceRoomProblem(twelve.slice(0, 11), "audio", "f.wav")).toBeNull();
    expect(referenceRoomProblem([...many("image", 8), ...many("video", 2), ...many("audio", 2)], "video", "g.mp4")).toBe("g.mp4: references take at most 12 files in all");
  });
});
