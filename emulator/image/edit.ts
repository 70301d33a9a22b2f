import sharp from "sharp";
import type { ImageFormat } from "./files";
import { annotations, encode } from "./render";

export interface EditRequest {
  /** The image being edited (the one replayed in the conversation history). */
  base: Buffer;
  width: number;
  height: number;
  instruction: string;
  format: ImageFormat;
  cornerMark?: string;
  references?: readonly Buffer[];
}

/**
 * Spec 4.2 multi-turn edit, made visible: the previous image is scaled to the new size and
 * mirrored left to right, and the new instruction replaces the caption band. Everything below
 * the band is therefore a mirrored copy of the previous turn, which tests can check.
 */
export async function renderEdit(request: EditRequest): Promise<Buffer> {
  const edited = await sharp(request.base)
    .resize(request.width, request.height, { fit: "fill" })
    .flop()
    .toBuffer();
  const image = sharp(edited).composite(
    await annotations({ ...request, prompt: request.instruction, caption: `Edit: ${request.instruction}` }),
  );
  return encode(image, request.format);
}
