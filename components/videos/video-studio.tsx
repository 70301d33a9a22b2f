"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useVideoForm } from "./use-video-form";
import { VideoDashboard } from "./video-dashboard";
import { VideoForm } from "./video-form";
import type { DuplicateRequest } from "./video-links";
import { videoQuery } from "./video-queries";

// The videos page (issue 11): the request form on the left, the dashboard on the right (stacked on
// small screens). `duplicate` comes from the address (`/videos?duplicate=<id>&seed=1`, the detail
// page's Duplicate and Reuse seed): the form is refilled from that job once, then the address is
// cleared so a reload starts fresh.
export function VideoStudio({ duplicate }: { duplicate: DuplicateRequest | null }) {
  const model = useVideoForm();
  const queryClient = useQueryClient();
  const router = useRouter();
  const handled = useRef(false);
  const { duplicate: fillFrom, setNotice } = model;

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
