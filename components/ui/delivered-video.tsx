"use client";

import { useEffect, useRef, type ComponentProps, type Ref } from "react";

type Props = Omit<ComponentProps<"video">, "src" | "ref"> & {
  /** The newest delivery URL of the file; the page refetches it before the one loaded expires. */
  src: string;
  ref?: Ref<HTMLVideoElement>;
};

/**
 * Whether a player should load the newest delivery URL instead of the one it has. A new source
 * restarts a video, so a playing one keeps its URL until it pauses or ends, or until the URL fails
 * (it expired while the video still needed bytes).
 */
export function shouldLoadNewest(loaded: string | null, newest: string, player: { paused: boolean; failed: boolean }): boolean {
  return loaded !== newest && (loaded === null || player.paused || player.failed);
}

// A <video> played from a delivery URL. Pages mint a new URL every refresh window; taking each at
// once would send a playing video back to its start, so the player moves to the newest URL only when
// that interrupts nothing, and carries on from the same moment (playing again if it was).
export function DeliveredVideo({ src, ref, onPause, onEnded, onError, onLoadedMetadata, ...props }: Props) {
  const element = useRef<HTMLVideoElement | null>(null);
  const newest = useRef(src);
  const resume = useRef<{ time: number; play: boolean } | null>(null);

  function adopt(failed: boolean) {
    const video = element.current;
    if (!video) return;
    const loaded = video.getAttribute("src");
    if (!shouldLoadNewest(loaded, newest.current, { paused: video.paused, failed })) return;
    if (loaded !== null && video.currentTime > 0) resume.current = { time: video.currentTime, play: !video.paused };
    video.src = newest.current;
  }

  useEffect(() => {
    newest.current = src;
    adopt(false);
  });

  return (
    <video
      {...props}
      ref={(video) => {
        element.current = video;
        if (typeof ref === "function") return ref(video);
        if (ref) ref.current = video;
      }}
      onPause={(event) => {
        adopt(false);
        onPause?.(event);
      }}
      onEnded={(event) => {
        adopt(false);
        onEnded?.(event);
      }}
      onError={(event) => {
        adopt(true);
        onError?.(event);
      }}
      onLoadedMetadata={(event) => {
        const at = resume.current;
        resume.current = null;
        if (at) {
          event.currentTarget.currentTime = at.time;
          if (at.play) void event.currentTarget.play().catch(() => undefined);
        }
        onLoadedMetadata?.(event);
      }}
    />
  );
}
