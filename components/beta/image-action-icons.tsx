"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { ActionIcon } from "@/components/ui/action-icon";

// The small icon-only controls the layer panel and the group set share, in the result cards' visual
// language (components/ui/action-icon): zinc surfaces, accent for what is switched on.

const iconButtonClass =
  "inline-grid size-7 shrink-0 place-items-center rounded-md text-muted transition-colors hover:bg-zinc-100 hover:text-zinc-900 disabled:pointer-events-none disabled:opacity-35 dark:hover:bg-zinc-800 dark:hover:text-white";
const pressedClass = "bg-accent-100 text-accent-700 hover:bg-accent-100 hover:text-accent-700 dark:bg-accent-500/20 dark:text-accent-400 dark:hover:bg-accent-500/25";

type IconButtonProps = {
  label: string;
  icon: string;
  onClick: () => void;
  /** A toggle: announced as pressed or not, and tinted while pressed unless `quiet`. */
  pressed?: boolean;
  quiet?: boolean;
  disabled?: boolean;
  testId?: string;
  controlName?: string;
};

/** A square icon button; its label is both the accessible name and the tooltip. */
export function IconButton({ label, icon, onClick, pressed, quiet, disabled, testId, controlName }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      data-control={controlName}
      className={`${iconButtonClass} ${pressed && !quiet ? pressedClass : ""}`}
    >
      <ActionIcon path={icon} />
    </button>
  );
}

export function IconLink({ label, icon, href, download }: { label: string; icon: string; href: string; download?: boolean }) {
  const className = iconButtonClass;
  const content: ReactNode = <ActionIcon path={icon} />;
  return download ? (
    <a href={href} download aria-label={label} title={label} className={className}>
      {content}
    </a>
  ) : (
    <Link href={href} aria-label={label} title={label} className={className}>
      {content}
    </Link>
  );
}

/** The transparency grid under images with alpha, light or dark with the theme. */
export const checkerboardClass =
  "bg-[length:16px_16px] bg-[conic-gradient(#e4e4e7_25%,#ffffff_0_50%,#e4e4e7_0_75%,#ffffff_0)] dark:bg-[conic-gradient(#27272a_25%,#18181b_0_50%,#27272a_0_75%,#18181b_0)]";
