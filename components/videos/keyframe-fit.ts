import { SUPPORTED_BASE_SIZES, type VideoAspectRatio } from "@/lib/upstream/video/limits";

// Spec 8: keyframes are prepared at a supported size (1344×768 for 16:9, not 1280×720). What that
// does to a given image, said before it is sent. Pure.

/** Width/height ratios closer than this are the same shape: the image is only scaled (as lib/videos/keyframes decides). */
const SAME_SHAPE = 0.01;

export type KeyframeFit = {
  target: { width: number; height: number };
  change: "none" | "scale" | "crop";
};

export function keyframeFit(image: { width: number; height: number }, aspectRatio: VideoAspectRatio): KeyframeFit {
  const target = SUPPORTED_BASE_SIZES[aspectRatio];
  if (image.width === target.width && image.height === target.height) return { target, change: "none" };
  const imageRatio = image.width / image.height;
  const targetRatio = target.width / target.height;
  return { target, change: Math.abs(imageRatio - targetRatio) < SAME_SHAPE ? "scale" : "crop" };
}

/** The sentence under a keyframe: the size it will be prepared at, and whether it is cropped or scaled to get there. */
export function keyframeFitMessage(image: { width: number; height: number }, aspectRatio: VideoAspectRatio): string {
  const { target, change } = keyframeFit(image, aspectRatio);
  const size = `${target.width}×${target.height}`;
  const own = `${image.width}×${image.height}`;
  if (change === "none") return `Already at the supported size for ${aspectRatio} (${size}); sent as it is.`;
  if (change === "scale") return `Will be scaled from ${own} to ${size}, the supported size for ${aspectRatio}.`;
  return `Will be cropped to the ${aspectRatio} frame and scaled from ${own} to ${size}, the supported size for ${aspectRatio}: its shape differs.`;
}
