import type { Condition } from "./conditions";
import type { SceneRequest } from "./render";

/**
 * What the renderer shows of the condition files: fl2va keyframes become the first/last frame
 * (spec 4.4.1 frame_index 0 / -1), ref2va images become thumbnails. Reference videos and audio
 * are probed but not drawn (our choice).
 */
export function sceneInputs(inputs: { condition: Condition; filePath: string }[]): Pick<SceneRequest, "firstFramePath" | "lastFramePath" | "referenceImagePaths"> {
  const images = inputs.filter((input) => input.condition.type === "image");
  return {
    firstFramePath: images.find((input) => input.condition.role === "keyframe" && input.condition.frame_index === 0)?.filePath,
    lastFramePath: images.find((input) => input.condition.role === "keyframe" && input.condition.frame_index === -1)?.filePath,
    referenceImagePaths: images.filter((input) => input.condition.role === "reference").map((input) => input.filePath),
  };
}
