"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter, useSearchParams } from "next/navigation";
import { useRef, useState } from "react";
import type { ReferenceImage } from "@/components/images/reference-image";
import type { AssetDto } from "@/lib/assets/asset-dto";
import { formatMegabytes } from "@/lib/assets/media-labels";
import { api, isApiError } from "@/lib/client/api";
import { ALPHA_IMAGE_MIME_TYPES, ALPHA_V35_MAX_IMAGE_BYTES } from "@/lib/upstream/alpha/limits";
import { ChatPanel } from "./chat-panel";
import { conversationPath } from "@/lib/page-paths";
import { Composer, type ComposerPrefill } from "./composer";
import { ComposerBanner } from "./composer-banner";
import { Icon } from "./icons";
import { DEFAULT_TURN_SETTINGS, type TurnRequestValues } from "./turn-settings";
import { useCreateConversation } from "./use-conversation";
import { useSendTurn, type SendOutcome } from "./use-send-turn";

const SUGGESTIONS = [
  "A lighthouse on a cliff at dusk, painterly, warm light",
  "Product shot of a ceramic mug on linen, soft morning light",
  "Isometric illustration of a tiny corner coffee shop",
];

/** Why an image handed over in the address cannot be attached, or undefined when it can. */
function unusableReason(asset: AssetDto): string | undefined {
  if (!(ALPHA_IMAGE_MIME_TYPES as readonly string[]).includes(asset.mime)) return "it is not a PNG or JPEG image";
  if (asset.bytes > ALPHA_V35_MAX_IMAGE_BYTES) return `it is larger than ${formatMegabytes(ALPHA_V35_MAX_IMAGE_BYTES)}`;
  return undefined;
}

// /chat: a conversation that does not exist yet. The first message creates it and moves to
// /chat/<id>, where its turn's progress shows. `?image=<asset id>` (e.g. "Open in chat editor"
// on the alpha v3 page) starts with that image attached.
export function NewConversationView() {
  const router = useRouter();
  const imageId = useSearchParams().get("image");
  const send = useSendTurn();
  const create = useCreateConversation();
  const createdId = useRef<string | null>(null);
  const [suggestion, setSuggestion] = useState<{ key: number; text: string }>({ key: 0, text: "" });
  const [dismissedImageNotice, setDismissedImageNotice] = useState(false);
  const handedOver = useQuery({
    queryKey: ["assets", "meta", imageId],
    queryFn: () => api<{ asset: AssetDto }>(`/api/assets/${encodeURIComponent(imageId ?? "")}/meta`),
    select: (data) => data.asset,
    enabled: Boolean(imageId),
    retry: false,
  });

  const imageProblem = handedOver.isError
    ? `The image from the link could not be attached: ${handedOver.error.message}`
    : handedOver.data && unusableReason(handedOver.data)
      ? `The image from the link cannot be attached: ${unusableReason(handedOver.data)}.`
      : undefined;
  const attached: ReferenceImage[] = handedOver.data && !unusableReason(handedOver.data) ? [handedOver.data] : [];
  const prefill: ComposerPrefill = { key: suggestion.key, text: suggestion.text, images: attached, settings: DEFAULT_TURN_SETTINGS };

  async function sendFirst(values: TurnRequestValues): Promise<SendOutcome> {
    // A conversation created for an attempt the server then refused is reused by the next attempt.
    if (!createdId.current) {
      try {
        createdId.current = (await create.mutateAsync()).conversation.id;
      } catch (error) {
        return { ok: false, error: isApiError(error) ? error.error : { code: "offline", message: "The conversation could not be created: the studio could not be reached." } };
      }
    }
    const conversationId = createdId.current;
    const outcome = await send({ conversationId, parentTurnId: null, values });
    if (outcome.ok) router.replace(conversationPath(conversationId, outcome.turn.id));
    return outcome;
  }

  const loadingImage = Boolean(imageId) && handedOver.isPending;
  return (
    <ChatPanel
      title="New conversation"
      subtitle="Multi-turn image editing: each message edits the previous result"
      composer={
        loadingImage ? (
          <p className="px-5 py-6 text-sm text-muted">Attaching the image…</p>
        ) : (
          <Composer
            key={prefill.key}
            prefill={prefill}
            banner={
              imageProblem && !dismissedImageNotice ? (
                <ComposerBanner icon="warning" tone="danger" action="Dismiss" onAction={() => setDismissedImageNotice(true)}>
                  {imageProblem}
                </ComposerBanner>
              ) : null
            }
            carriedImages={0}
            busy={false}
            focusSignal={suggestion.key}
            placeholder={attached.length ? "Describe how to change this image…" : "Describe an image, or attach one to edit…"}
            onSend={sendFirst}
          />
        )
      }
    >
      <div className="flex flex-col items-center px-6 py-14 text-center sm:py-20">
        <span className="grid size-12 place-items-center rounded-2xl bg-accent-100 text-accent-700 dark:bg-accent-500/20 dark:text-accent-400">
          <Icon name="sparkle" className="size-6" />
        </span>
        <h2 className="mt-4 text-lg font-semibold">Edit images in conversation</h2>
        <p className="mt-1 max-w-md text-sm text-muted">
          Describe an image or attach one, then keep refining it turn by turn. Branch from any earlier turn without losing what came after.
        </p>
        {attached.length ? null : (
          <ul className="mt-6 flex max-w-xl flex-wrap justify-center gap-2" aria-label="Suggestions">
            {SUGGESTIONS.map((text) => (
              <li key={text}>
                <button
                  type="button"
                  onClick={() => setSuggestion((current) => ({ key: current.key + 1, text }))}
                  className="rounded-full border border-zinc-200 bg-white px-3 py-1.5 text-xs text-zinc-600 transition-colors hover:border-accent-400 hover:text-accent-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-400 dark:hover:text-accent-400"
                >
                  {text}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </ChatPanel>
  );
}
