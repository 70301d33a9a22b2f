"use client";

import { ActionIcon, actionClass, actionIconClass, icons } from "@/components/ui/action-icon";
import type { AssetDto } from "@/lib/assets/asset-dto";
import { FlowLinks } from "./flow-links";

type Props = {
  image: AssetDto;
  /** Adds the image to the form's references; without it the action is not offered. */
  onUseAsReference?: (image: AssetDto) => void;
  /** The buttons' look where the result card's outlined one does not fit (the dark viewer bar). */
  buttonClass?: string;
  iconClass?: string;
};

/** The actions on one stored image: take it as a reference, animate it, edit it in chat, split it into layers, download it. */
export function ImageActions({ image, onUseAsReference, buttonClass = actionClass, iconClass = actionIconClass }: Props) {
  return (
    <>
      {onUseAsReference ? (
        <button type="button" className={buttonClass} onClick={() => onUseAsReference(image)}>
          <ActionIcon path={icons.reference} className={iconClass} />
          Use as reference
        </button>
      ) : null}
      <FlowLinks assetId={image.id} linkClass={buttonClass} iconClass={iconClass} />
      <a className={buttonClass} href={image.downloadUrl} download>
        <ActionIcon path={icons.download} className={iconClass} />
        Download
      </a>
    </>
  );
}
