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
  /** Where the labels may show as icons alone (`cardActionLabelClass`); each keeps its name and gets a tooltip. */
  labelClass?: string;
};

/** The actions on one stored image: take it as a reference, animate it, edit it in chat, split it into layers, download it. */
export function ImageActions({ image, onUseAsReference, buttonClass = actionClass, iconClass = actionIconClass, labelClass }: Props) {
  const tooltip = (label: string) => (labelClass === undefined ? undefined : label);
  return (
    <>
      {onUseAsReference ? (
        <button type="button" className={buttonClass} title={tooltip("Use as reference")} onClick={() => onUseAsReference(image)}>
          <ActionIcon path={icons.reference} className={iconClass} />
          <span className={labelClass}>Use as reference</span>
        </button>
      ) : null}
      <FlowLinks assetId={image.id} linkClass={buttonClass} iconClass={iconClass} labelClass={labelClass} />
      <a className={buttonClass} href={image.downloadUrl} title={tooltip("Download")} download>
        <ActionIcon path={icons.download} className={iconClass} />
        <span className={labelClass}>Download</span>
      </a>
    </>
  );
}
