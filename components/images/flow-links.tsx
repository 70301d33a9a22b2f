"use client";

import Link from "next/link";
import { animateHref, chatEditorHref, splitLayersHref } from "@/components/gallery/gallery-links";
import { ActionIcon, actionClass, actionIconClass, icons } from "@/components/ui/action-icon";

type Props = {
  assetId: string;
  /** Leaves out "Edit in chat" where the image already is in the chat editor. */
  inChat?: boolean;
  linkClass?: string;
  iconClass?: string;
  /** Where the labels may show as icons alone (`cardActionLabelClass`); each keeps its name and gets a tooltip. */
  labelClass?: string;
};

// What can be made from a stored image anywhere it is shown: a video that starts from it, a
// conversation that edits it, a beta Pro decomposition into layers. Each opens its page with the
// image in its form; whether the viewer may use the image is checked when the work starts.
export function FlowLinks({ assetId, inChat = false, linkClass = actionClass, iconClass = actionIconClass, labelClass }: Props) {
  const tooltip = (label: string) => (labelClass === undefined ? undefined : label);
  return (
    <>
      <Link className={linkClass} href={animateHref(assetId)} title={tooltip("Animate")} data-testid="flow-animate">
        <ActionIcon path={icons.animate} className={iconClass} />
        <span className={labelClass}>Animate</span>
      </Link>
      {inChat ? null : (
        <Link className={linkClass} href={chatEditorHref(assetId)} title={tooltip("Edit in chat")} data-testid="flow-edit-in-chat">
          <ActionIcon path={icons.chat} className={iconClass} />
          <span className={labelClass}>Edit in chat</span>
        </Link>
      )}
      <Link className={linkClass} href={splitLayersHref(assetId)} title={tooltip("Split into layers")} data-testid="flow-split-layers">
        <ActionIcon path={icons.layers} className={iconClass} />
        <span className={labelClass}>Split into layers</span>
      </Link>
    </>
  );
}
