// Spec 4.4.1 audio inputs (wav, mp3, 2 to 15 s): durations read from the bytes.
import { describe, expect, it } from "vitest";
import { mp3DurationSeconds, wavDurationSeconds } from "./audio-duration";
import { wavBytes } from "./test-harness";

// Silent MPEG-1 Layer III frames: 128 kbps, 44.1 kHz → 417 bytes and 1152 samples each.
function mp3Bytes(frames: number, id3 = false): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  const tag = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 20, ...new Array(20).fill(0)]);
  return Buffer.concat([...(id3 ? [tag] : []), ...Array.from({ length: frames }, () => frame)]);
}

describe("audio durations", () => {
  it("reads WAV duration from the fmt and data chunks", () => {
    expect(wavDurationSeconds(wavBytes(3))).toBeCloseTo(3, 5);
    expect(wavDurationSeconds(Buffer.from("not a wav file"))).toBeUndefined();
  });

  it("sums MP3 frames, skipping an ID3v2 tag", () => {
    const seconds = (115 * 1152) / 44100;
    expect(mp3DurationSeconds(mp3Bytes(115))).toBeCloseTo(seconds, 5);
    expect(mp3DurationSeconds(mp3Bytes(115, true))).toBeCloseTo(seconds, 5);
    expect(mp3DurationSeconds(Buffer.alloc(2000))).toBeUndefined();
  });
});
