"use client";

import Link from "next/link";
import { ActionIcon, actionClass, actionIconClass, icons } from "@/components/ui/action-icon";
import type { AssetDto } from "@/lib/assets/asset-dto";

/** The chat editor opens a conversation with this image attached (`/chat?image=<assetId>`). */
export function chatEditorHref(assetId: string): string {
  return `/chat?image=${encodeURIComponent(assetId)}`;
}

type Props = {
  image: AssetDto;
  /** Adds the image to the form's references; without it the action is not offered. */
  onUseAsReference?: (image: AssetDto) => void;
  /** The buttons' look where the result card's outlined one does not fit (the dark viewer bar). */
  buttonClass?: string;
  iconClass?: string;
};

/** The actions on one stored image: take it as a reference, edit it in the chat editor, download it. */
export function ImageActions({ image, onUseAsReference, buttonClass = actionClass, iconClass = actionIconClass }: Props) {
  return (
    <>
      {onUseAsReference ? (
        <button type="button" className={buttonClass} onClick={() => onUseAsReference(image)}>
          <ActionIcon path={icons.reference} className={iconClass} />
          Use as reference
        </button>
      ) : null}
      <Link className={buttonClass} href={chatEditorHref(image.id)}>
        <ActionIcon path={icons.chat} className={iconClass} />
        Open in chat editor
      </Link>
      <a className={buttonClass} href={image.downloadUrl} download>
        <ActionIcon path={icons.download} className={iconClass} />
        Download
      </a>
    </>
  );
}
