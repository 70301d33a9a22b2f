"use client";

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Lightbox } from "@/components/images/lightbox-on-demand";
import type { AssetDto } from "@/lib/assets/asset-dto";
import { useHydrating } from "@/components/ui/use-hydrating";
import { THREAD_SCROLLER_SELECTOR } from "./chat-panel";
import { Icon } from "./icons";
import { childrenByParent } from "./thread-path";
import type { TurnActions } from "./turn-actions";
import { TurnBubble } from "./turn-bubble";
import type { TurnDto } from "./use-conversation";
import { scrollMotion } from "@/components/ui/motion";

type Props = {
  /** Every turn of the conversation, for the version switchers. */
  turns: readonly TurnDto[];
  /** The shown path, first turn to leaf. */
  path: readonly TurnDto[];
  /** A turn of the path is generating: branches stay as they are until it ends. */
  busy: boolean;
  /** The composer's "edit from here" turn: the turns after it are shown as the branch being left. */
  branchPointId?: string;
  onSelectBranch: (turn: TurnDto) => void;
  actions: TurnActions;
};

/** Within this distance below the visible part of the thread, its end counts as still in view. */
const FOLLOWING_DISTANCE_PX = 160;

type Viewing = { image: AssetDto; before?: AssetDto; caption: string };

// The conversation as one path from its first turn to a leaf.
export function ChatThread({ turns, path, busy, branchPointId, onSelectBranch, actions }: Props) {
  const [viewing, setViewing] = useState<Viewing>();
  const children = useMemo(() => childrenByParent(turns), [turns]);
  const end = useRef<HTMLDivElement>(null);
  const leafId = path.at(-1)?.id;
  const branchPointIndex = branchPointId ? path.findIndex((turn) => turn.id === branchPointId) : -1;

  // The page as the server drew it is on screen, and aimed at, before it wakes up: waking must move
  // nothing. ChatPanel's scroller starts at the thread's end; it becomes an ordinary scroller at the
  // same distance from the end (where the designer may have scrolled meanwhile).
  const drawnByServer = useRef(useHydrating());
  useLayoutEffect(() => {
    const scroller = end.current?.closest<HTMLElement>(THREAD_SCROLLER_SELECTOR);
    if (!end.current || !scroller || scroller.hasAttribute("data-settled")) return;
    const shownAt = end.current.getBoundingClientRect().top;
    scroller.setAttribute("data-settled", "");
    scroller.scrollTop += end.current.getBoundingClientRect().top - shownAt;
  }, []);

  // Whether the designer stays at the thread's end: one who scrolls up, away from it, is left where
  // they are when an image arrives, until they come back near the end. Scrolling down (the thread's
  // own smooth scroll included) never counts as leaving; a growing answer scrolls nothing.
  const following = useRef(true);
  useEffect(() => {
    const marker = end.current;
    const scroller = marker?.closest<HTMLElement>(THREAD_SCROLLER_SELECTOR);
    if (!marker || !scroller) return;
    const ownScrollArea = () => getComputedStyle(scroller).overflowY !== "visible";
    const position = () => (ownScrollArea() ? scroller.scrollTop : window.scrollY);
    let last = position();
    function onScroll() {
      const now = position();
      const visibleBottom = ownScrollArea() ? scroller!.getBoundingClientRect().bottom : window.innerHeight;
      const nearEnd = marker!.getBoundingClientRect().top - visibleBottom < FOLLOWING_DISTANCE_PX;
      if (nearEnd) following.current = true;
      else if (now < last) following.current = false;
      last = now;
    }
    scroller.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      scroller.removeEventListener("scroll", onScroll);
      window.removeEventListener("scroll", onScroll);
    };
  }, []);

  // Keep the newest turn in view when the path changes (a sent message becomes its leaf, a branch is
  // chosen) and when its image arrives (the answer grows past the placeholder it had while generating),
  // unless the designer has scrolled away meanwhile. A thread opened in the page shows its end at once;
  // one the server drew stays where it is.
  const leafImageId = path.at(-1)?.image?.id;
  const shown = useRef<{ leafId?: string; leafImageId?: string }>(undefined);
  useEffect(() => {
    const before = shown.current;
    shown.current = { leafId, leafImageId };
    if (!before) {
      if (!drawnByServer.current) end.current?.scrollIntoView({ block: "end", behavior: "instant" });
      return;
    }
    const imageArrived = before.leafId === leafId && leafImageId !== undefined;
    if (imageArrived && !following.current) return;
    following.current = true;
    end.current?.scrollIntoView({ block: "end", behavior: scrollMotion() });
  }, [leafId, leafImageId]);

  // Before/after compares with the previous image on the path; a first turn compares with the
  // image it was asked to edit, when it had one.
  function beforeOf(index: number): AssetDto | undefined {
    const previous = path.slice(0, index).findLast((turn) => turn.image)?.image;
    return previous ?? path[index]?.inputImages[0] ?? undefined;
  }

  return (
    <>
      <ol className="space-y-8 px-4 py-6 sm:px-6" aria-label="Turns">
        {path.map((turn, index) => (
          <li key={turn.id} className={`transition-opacity ${branchPointIndex >= 0 && index > branchPointIndex && !busy ? "opacity-40" : ""}`}>
            <TurnBubble
              turn={turn}
              turnNumber={index + 1}
              siblings={children.get(turn.parentTurnId) ?? [turn]}
              isLeaf={turn.id === leafId}
              isBranchPoint={index === branchPointIndex}
              switchingDisabled={busy}
              onSelectSibling={onSelectBranch}
              onOpenImage={() => turn.image && setViewing({ image: turn.image, before: beforeOf(index), caption: `Turn ${index + 1}` })}
              onOpenInput={(input) => {
                const image = turn.inputImages[input];
                if (image) setViewing({ image, caption: `Turn ${index + 1} · attached image ${input + 1}` });
              }}
              actions={actions}
            />
            {index === branchPointIndex && index < path.length - 1 && !busy ? (
              <p className="mt-6 flex items-center gap-3 text-xs font-medium text-accent-700 dark:text-accent-400">
                <span className="h-px flex-1 bg-accent-400/50 dark:bg-accent-500/40" />
                <Icon name="branch" className="size-3.5" />
                Your next message starts a new branch here
                <span className="h-px flex-1 bg-accent-400/50 dark:bg-accent-500/40" />
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <div ref={end} data-thread-end="" className="scroll-mb-64 lg:scroll-mb-6" />
      {viewing ? <Lightbox image={viewing.image} before={viewing.before} caption={viewing.caption} onClose={() => setViewing(undefined)} /> : null}
    </>
  );
}
