// The studio's outlined 20-unit stroke icons and the labelled action button they sit in, shared by
// the result cards, the group set and the layer panel so all of them look and read alike.

export const icons = {
  reuse: "M4 10a6 6 0 0 1 10.2-4.3L16 7.5M16 3.5v4h-4M16 10a6 6 0 0 1-10.2 4.3L4 12.5m0 4v-4h4",
  reference: "M3 5.5A2.5 2.5 0 0 1 5.5 3h9A2.5 2.5 0 0 1 17 5.5v9a2.5 2.5 0 0 1-2.5 2.5h-9A2.5 2.5 0 0 1 3 14.5v-9ZM10 7v6M7 10h6",
  chat: "M3 5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H8l-4 3v-3.2A2 2 0 0 1 3 12V5Z",
  download: "M10 3v9m0 0 3.5-3.5M10 12 6.5 8.5M4 14v1.5A1.5 1.5 0 0 0 5.5 17h9a1.5 1.5 0 0 0 1.5-1.5V14",
  eye: "M1.8 10S4.8 4.5 10 4.5 18.2 10 18.2 10 15.2 15.5 10 15.5 1.8 10 1.8 10ZM10 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
  eyeOff: "M3 3l14 14M8.2 8.3a2.5 2.5 0 0 0 3.5 3.5M5.6 5.8C3.2 7.3 1.8 10 1.8 10s3 5.5 8.2 5.5c1.6 0 3-.5 4.2-1.3M8 4.7c.6-.1 1.3-.2 2-.2 5.2 0 8.2 5.5 8.2 5.5s-.7 1.3-2 2.7",
  solo: "M10 17.5a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15ZM10 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z",
  up: "M10 16V4m0 0-5 5m5-5 5 5",
  down: "M10 4v12m0 0-5-5m5 5 5-5",
  previous: "M12.5 4.5 7 10l5.5 5.5",
  next: "M7.5 4.5 13 10l-5.5 5.5",
  grip: "M7.5 5h.01M12.5 5h.01M7.5 10h.01M12.5 10h.01M7.5 15h.01M12.5 15h.01",
  archive: "M3 4.5h14v3H3v-3ZM4 7.5V16h12V7.5M8 10.5h4",
  layers: "M10 2.5 2 6.5l8 4 8-4-8-4ZM2 10l8 4 8-4M2 13.5l8 4 8-4",
  animate: "M3 5.5A2.5 2.5 0 0 1 5.5 3h9A2.5 2.5 0 0 1 17 5.5v9a2.5 2.5 0 0 1-2.5 2.5h-9A2.5 2.5 0 0 1 3 14.5v-9ZM8.5 7.2v5.6l4.5-2.8-4.5-2.8Z",
} as const;

/** An icon of `icons`; it takes the text colour unless `className` sets one. */
export function ActionIcon({ path, className = "size-4" }: { path: string; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={className} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d={path} />
    </svg>
  );
}

/** The outlined, labelled action of the result cards ("Use as reference", "Download"...). */
export const actionClass =
  "inline-flex h-8 items-center gap-1.5 rounded-lg border border-zinc-200 bg-white px-2.5 text-[13px] font-medium text-zinc-700 transition-colors hover:border-zinc-300 hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800";

/**
 * The label of an action in a result card, which is a container (`@container`): a card narrower than
 * 18rem (a cell of a variation set) shows its actions as icons, each named for screen readers and
 * by its tooltip, so they sit in a row or two instead of a column of six.
 */
export const cardActionLabelClass = "sr-only @2xs:not-sr-only";

/** The icon inside an `actionClass` button: quieter than its label. */
export const actionIconClass = "size-4 text-muted";
