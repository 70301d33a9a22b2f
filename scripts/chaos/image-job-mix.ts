import { Readable } from "node:stream";
import sharp from "sharp";
import { storeImage } from "@/lib/assets/store-image";
import type { CurrentUser } from "@/lib/auth/current-user";
import { createConversation } from "@/lib/chat/conversations";
import { sendTurnSchema } from "@/lib/chat/schemas";
import { startTurn } from "@/lib/chat/send-turn";
import { alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { betaFormSchema } from "@/lib/images/beta-schemas";
import { startAlphaV3 } from "@/lib/images/generate-alpha-v3";
import { startBeta } from "@/lib/images/generate-beta";

// The image jobs of a chaos run, in turn: an alpha v3 image, an alpha v3.5 chat turn, a beta Pro
// layer decomposition of an uploaded image (spec 4.3) and a beta Lite group of images.
export const IMAGE_JOB_KINDS = ["alpha v3", "alpha v3.5 turn", "beta Pro layers", "beta Lite group"] as const;

type Reference = { assetId: string; mime: "image/png"; bytes: number };

/** An uploaded PNG of `user`'s, for the layer decompositions to split. */
export async function uploadReference(user: CurrentUser): Promise<Reference> {
  const png = await sharp({ create: { width: 640, height: 640, channels: 3, background: "#2266aa" } })
    .composite([{ input: Buffer.from('<svg width="640" height="640"><circle cx="320" cy="320" r="200" fill="#ffcc00"/></svg>') }])
    .png()
    .toBuffer();
  const asset = await storeImage({ source: Readable.from([png]), ownerId: user.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 30_000_000, decode: "before-row" });
  return { assetId: asset.id, mime: "image/png", bytes: png.length };
}

/** Starts the `index`-th image job of the run as its route would. */
export async function startImageJob(user: CurrentUser, index: number, reference: Reference): Promise<void> {
  const prompt = `chaos image ${index}`;
  const kind = IMAGE_JOB_KINDS[index % IMAGE_JOB_KINDS.length];
  if (kind === "alpha v3") {
    await startAlphaV3(user, alphaV3FormSchema.parse({ prompt, revise: false }));
  } else if (kind === "alpha v3.5 turn") {
    const conversation = await createConversation(user);
    const { parentTurnId, ...values } = sendTurnSchema.parse({ parentTurnId: null, text: prompt, size: "1K" });
    await startTurn(user, conversation.id, parentTurnId, values);
  } else if (kind === "beta Pro layers") {
    await startBeta(user, betaFormSchema.parse({ model: "beta-image-v5.0-pro", prompt, layerDecomposition: true, images: [reference], size: { method: "tier", tier: "1K" } }));
  } else {
    await startBeta(user, betaFormSchema.parse({ model: "beta-image-v5.0-lite", prompt, group: { maxImages: 3 }, size: { method: "tier", tier: "2K" } }));
  }
}
