import { z } from "zod";

/** What the studio needs to know about a media file, read by ffprobe from its real bytes. */
export type MediaProbe = {
  /** The demuxers that fit, as ffprobe names them ("mov", "mp4", "wav", "mp3", ...). */
  formatNames: string[];
  durationSeconds: number | null;
  /** The first picture stream, as displayed (sides swapped for a clip recorded turned by 90°). */
  video: { width: number; height: number; fps: number | null; codec: string } | null;
  audio: { codec: string; sampleRate: number | null; channels: number | null } | null;
};

// Only the fields read here; ffprobe reports numbers of its own fields as strings ("3.000000").
const streamSchema = z.object({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  avg_frame_rate: z.string().optional(),
  r_frame_rate: z.string().optional(),
  duration: z.string().optional(),
  sample_rate: z.string().optional(),
  channels: z.number().optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).optional(),
  tags: z.object({ rotate: z.string().optional() }).optional(),
  side_data_list: z.array(z.object({ rotation: z.number().optional() })).optional(),
});
type ProbeStream = z.infer<typeof streamSchema>;

const probeSchema = z.object({
  streams: z.array(streamSchema).default([]),
  format: z.object({ format_name: z.string().optional(), duration: z.string().optional() }).default({}),
});

/** Reads `ffprobe -print_format json -show_format -show_streams` output. Throws when it is not that. */
export function parseProbeOutput(json: string): MediaProbe {
  const probe = probeSchema.parse(JSON.parse(json));
  // An MP3's cover art is a "video" stream of one picture (attached_pic): not a picture track.
  const video = probe.streams.find((stream) => stream.codec_type === "video" && stream.disposition?.attached_pic !== 1);
  const audio = probe.streams.find((stream) => stream.codec_type === "audio");
  return {
    formatNames: probe.format.format_name?.split(",").filter(Boolean) ?? [],
    durationSeconds: positive(probe.format.duration) ?? positive(video?.duration) ?? positive(audio?.duration),
    video: video && video.width && video.height ? pictureOf(video, video.width, video.height) : null,
    audio: audio ? { codec: audio.codec_name ?? "unknown", sampleRate: positive(audio.sample_rate), channels: audio.channels ?? null } : null,
  };
}

function pictureOf(stream: ProbeStream, width: number, height: number): NonNullable<MediaProbe["video"]> {
  // Phones record upright clips as landscape frames with a rotation for players to apply (a display
  // matrix; older files a `rotate` tag). The sides that count are the ones a viewer sees.
  const rotation = stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? Number(stream.tags?.rotate ?? 0);
  const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  return {
    width: quarterTurn ? height : width,
    height: quarterTurn ? width : height,
    // avg_frame_rate is what the clip plays at; r_frame_rate (the timebase's guess) when it is 0/0.
    fps: frameRate(stream.avg_frame_rate) ?? frameRate(stream.r_frame_rate),
    codec: stream.codec_name ?? "unknown",
  };
}

/** "30000/1001" → 29.97; "0/0" (unknown) → null. */
function frameRate(ratio: string | undefined): number | null {
  const [numerator, denominator] = (ratio ?? "").split("/").map(Number);
  if (!numerator || !denominator || !Number.isFinite(numerator / denominator)) return null;
  return numerator / denominator;
}

function positive(text: string | undefined): number | null {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}
