"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type RefObject } from "react";
import { FlowLinks } from "@/components/images/flow-links";
import { ActionIcon, actionClass, actionIconClass, icons } from "@/components/ui/action-icon";
import type { AssetDto } from "@/lib/assets/asset-dto";
import { api, apiErrorOf } from "@/lib/client/api";
import { videosKey } from "./video-keys";

// The alpha v3.5 upload rules: a frame taken here may go to the chat editor as well as to a video.
const FRAME_UPLOAD = "/api/uploads?purpose=alpha-v35";

/** How long a player may take to have its current frame once it has sought. */
const FRAME_DATA_WAIT_MS = 10_000;

/**
 * A video's current frame at its full size, as a PNG; throws a SecurityError when its bytes came from
 * another origin. A frame is opaque, and a player below HAVE_CURRENT_DATA, or whose decoder has not
 * yet put out the frame it sought to (a seek may end before it arrives), draws nothing: the frame is
 * drawn again each animation frame until the canvas holds it, for at most FRAME_DATA_WAIT_MS.
 */
async function drawnFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  const giveUpAt = performance.now() + FRAME_DATA_WAIT_MS;
  for (;;) {
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    if (context.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data[3] !== 0) break;
    if (performance.now() > giveUpAt) throw new Error("The frame could not be read from the player.");
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

/** Resolves at the video's next `success` event; rejects if it fails to load meanwhile. */
function next(video: HTMLVideoElement, success: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    video.addEventListener(success, () => resolve(), { once: true });
    video.addEventListener("error", () => reject(new Error("The video could not be loaded to read the frame.")), { once: true });
  });
}

/** Shows `video` at `time` (seeking to the moment shown decodes it again); drawnFrame waits for the frame itself. */
async function seekTo(video: HTMLVideoElement, time: number): Promise<void> {
  const seeked = next(video, "seeked");
  video.currentTime = time;
  await seeked;
}

/** The file at `url` loaded in a player of its own, and shown at `time`. */
async function seekedCopy(url: string, time: number): Promise<HTMLVideoElement> {
  const video = document.createElement("video");
  video.muted = true;
  video.preload = "auto";
  const loaded = next(video, "loadeddata");
  video.src = url;
  await loaded;
  await seekTo(video, time);
  return video;
}

/**
 * The player's current frame. A paused player that has loaded only its metadata, its poster over it,
 * may have decoded no frame and would draw nothing: it is first sought to the moment it shows. The
 * player reads a delivery URL, which on an object store redirects to the store's own origin, and a
 * canvas that drew a frame from another origin cannot be read: the same moment is then read from
 * `fileUrl`, the file through the studio's own asset route.
 */
async function currentFrame(player: HTMLVideoElement, fileUrl: string): Promise<Blob | null> {
  if (player.paused) await seekTo(player, player.currentTime);
  try {
    return await drawnFrame(player);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === "SecurityError")) throw error;
    const copy = await seekedCopy(fileUrl, player.currentTime);
    try {
      return await drawnFrame(copy);
    } finally {
      copy.removeAttribute("src");
      copy.load();
    }
  }
}

// "Use frame": the frame the player shows becomes one of the user's images (an upload kept in the
// gallery as made from this video), then the flows of any image are offered on it: Animate, Edit in
// chat, Split into layers.
export function UseFrame({ videoId, player, fileUrl }: { videoId: string; player: RefObject<HTMLVideoElement | null>; fileUrl: string }) {
  const queryClient = useQueryClient();
  const [frame, setFrame] = useState<{ asset: AssetDto; itemId: string }>();
  const [problem, setProblem] = useState<string>();
  const [taking, setTaking] = useState(false);

  async function take() {
    const video = player.current;
    if (!video || video.videoWidth === 0) {
      setProblem("The player has no frame to take yet: play or seek the video first.");
      return;
    }
    setTaking(true);
    setProblem(undefined);
    try {
      const png = await currentFrame(video, fileUrl);
      if (!png) throw new Error("The frame could not be read from the player.");
      const response = await fetch(FRAME_UPLOAD, { method: "POST", body: png, headers: { "Content-Type": "image/png" } });
      if (!response.ok) throw await apiErrorOf(response);
      const { asset } = (await response.json()) as { asset: AssetDto };
      const { itemId } = await api<{ itemId: string }>(`/api/videos/${videoId}/frames`, { method: "POST", json: { assetId: asset.id } });
      setFrame({ asset, itemId });
      // The video's page lists the frame under "Used in".
      void queryClient.invalidateQueries({ queryKey: videosKey });
    } catch (error) {
      setProblem(`The frame could not be kept: ${error instanceof Error ? error.message : "upload failed"}`);
    } finally {
      setTaking(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="video-use-frame">
      <button type="button" className={actionClass} onClick={() => void take()} disabled={taking} data-testid="video-use-frame-take">
        <ActionIcon path={icons.reference} className={actionIconClass} />
        {taking ? "Taking the frame…" : "Use frame"}
      </button>
      {frame ? (
        <>
          <Link href={`/gallery/${frame.itemId}`} data-testid="video-use-frame-entry">
            <img src={frame.asset.thumbnailUrl ?? frame.asset.url} alt="The frame taken" className="h-8 rounded border border-zinc-200 dark:border-zinc-700" data-testid="video-use-frame-image" />
          </Link>
          <FlowLinks assetId={frame.asset.id} />
        </>
      ) : null}
      {problem ? (
        <p className="w-full text-xs text-red-700 dark:text-red-400" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
