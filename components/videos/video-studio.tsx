"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { GalleryRefill } from "@/components/gallery/gallery-links";
import { shortPrompt } from "@/components/gallery/gallery-format";
import { videoInputIds, videoJobOf } from "@/components/gallery/video-refill";
import { loadAsset, useGalleryRefill } from "@/components/gallery/use-gallery-refill";
import { useVideoForm } from "./use-video-form";
import { VideoDashboard } from "./video-dashboard";
import { VideoForm } from "./video-form";
import type { DuplicateRequest } from "./video-links";
import { videoQuery } from "./video-queries";

const VIDEOS_PAGE = { path: "/videos", target: "video" } as const;

// The videos page: the request form on the left, the dashboard on the right (stacked on
// small screens). `duplicate` comes from the address (`/videos?duplicate=<id>&seed=1`, the detail
// page's Duplicate and Reuse seed): the form is refilled from that job once, then the address is
// cleared so a reload starts fresh. `refill` (`?reuse=<gallery entry>`) does the same
// from a video entry of the gallery, which a teammate may reuse; `?firstFrame=<asset>` ("Animate")
// starts a first / last frame video from a stored image.
export function VideoStudio({ duplicate, refill }: { duplicate: DuplicateRequest | null; refill: GalleryRefill }) {
  const model = useVideoForm();
  const queryClient = useQueryClient();
  const router = useRouter();
  const handled = useRef(false);
  const { duplicate: fillFrom, animate, setNotice } = model;

  useGalleryRefill(refill, VIDEOS_PAGE, {
    settings: async (values, entry) => {
      const assets = await Promise.all(videoInputIds(values).map(loadAsset));
      const found = new Map(assets.flatMap((asset) => (asset ? [[asset.id, asset] as const] : [])));
      fillFrom(videoJobOf(values, found), false, { prompt: shortPrompt(entry.prompt) });
    },
    firstFrame: animate,
    problem: (text) => setNotice({ tone: "warning", text }),
  });

  useEffect(() => {
    if (!duplicate || handled.current) return;
    handled.current = true;
    queryClient
      .fetchQuery(videoQuery(duplicate.jobId))
      .then((job) => fillFrom(job, duplicate.reuseSeed))
      .catch((error: Error) => setNotice({ tone: "warning", text: `The job to duplicate could not be loaded: ${error.message}` }))
      .finally(() => router.replace("/videos", { scroll: false }));
  }, [duplicate, queryClient, router, fillFrom, setNotice]);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[440px_minmax(0,1fr)] xl:gap-8">
      <VideoForm model={model} />
      <VideoDashboard onDuplicate={model.duplicate} />
    </div>
  );
}
