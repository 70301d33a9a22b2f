import { describe, expect, it } from "vitest";
import { parseProbeOutput } from "./probe-output";

// ffprobe reports as older and newer builds and other writers give them (the rest is covered by
// ffmpeg.test.ts with real files).
const report = (streams: object[], format: object = { format_name: "mov,mp4,m4a,3gp,3g2,mj2", duration: "4.004000" }) => JSON.stringify({ streams, format });

describe("parseProbeOutput", () => {
  it("reads a phone clip's rotate tag (older writers) and its NTSC frame rate", () => {
    const probe = parseProbeOutput(
      report([{ codec_type: "video", codec_name: "hevc", width: 1920, height: 1080, avg_frame_rate: "30000/1001", r_frame_rate: "30/1", tags: { rotate: "270" } }]),
    );
    expect(probe.video).toEqual({ width: 1080, height: 1920, fps: 30000 / 1001, codec: "hevc" });
    expect(probe.durationSeconds).toBe(4.004);
  });

  it("keeps the sides of a half turn and takes r_frame_rate when the average is unknown", () => {
    const probe = parseProbeOutput(
      report([{ codec_type: "video", codec_name: "h264", width: 640, height: 360, avg_frame_rate: "0/0", r_frame_rate: "25/1", side_data_list: [{ rotation: -180 }] }]),
    );
    expect(probe.video).toMatchObject({ width: 640, height: 360, fps: 25 });
  });

  it("does not take an MP3's cover art for a picture track", () => {
    const probe = parseProbeOutput(
      report(
        [
          { codec_type: "audio", codec_name: "mp3", sample_rate: "44100", channels: 2, duration: "12.5" },
          { codec_type: "video", codec_name: "mjpeg", width: 500, height: 500, avg_frame_rate: "0/0", r_frame_rate: "90000/1", disposition: { attached_pic: 1 } },
        ],
        { format_name: "mp3" },
      ),
    );
    expect(probe).toEqual({ formatNames: ["mp3"], durationSeconds: 12.5, video: null, audio: { codec: "mp3", sampleRate: 44100, channels: 2 } });
  });

  it("leaves an unknown length unknown", () => {
    expect(parseProbeOutput(report([], { format_name: "wav", duration: "N/A" })).durationSeconds).toBeNull();
  });

  it("throws on output that is not a probe report", () => {
    expect(() => parseProbeOutput("ffprobe: not json")).toThrow();
    expect(() => parseProbeOutput(JSON.stringify({ streams: "none" }))).toThrow();
  });
});
