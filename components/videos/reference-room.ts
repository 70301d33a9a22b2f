import { REFERENCE_LIMITS, type VideoInputType } from "@/lib/upstream/video/limits";

// Spec 4.4.1: ref2va takes at most 9 images, 3 videos and 3 audio files, 12 in all. Checked per file
// before it is uploaded, counting the files attached and those on their way. Pure.

const PER_TYPE: Record<VideoInputType, { max: number; noun: string }> = {
  image: { max: REFERENCE_LIMITS.images, noun: "images" },
  video: { max: REFERENCE_LIMITS.videos, noun: "videos" },
  audio: { max: REFERENCE_LIMITS.audio, noun: "audio files" },
};

/** Why one more file of `type` does not fit beside `taken` (attached and uploading), or null when it does. */
export function referenceRoomProblem(taken: readonly VideoInputType[], type: VideoInputType, name: string): string | null {
  const { max, noun } = PER_TYPE[type];
  if (taken.filter((other) => other === type).length >= max) return `${name}: references take at most ${max} ${noun}`;
  if (taken.length >= REFERENCE_LIMITS.total) return `${name}: references take at most ${REFERENCE_LIMITS.total} files in all`;
  return null;
}
