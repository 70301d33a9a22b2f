"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { VideoDeleteAnswer, VideoJobDto, VideoSubmitAnswer } from "@/lib/videos/video-dto";
import type { VideoFormInput } from "@/lib/videos/video-schemas";
import { forgetVideo, invalidateVideoLists, partitionQuery, rememberVideo, videoQuery } from "./video-queries";

/** POST /api/videos: 202 with the job as recorded, put at the top of the list at once. */
export function useSubmitVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VideoFormInput) => api<VideoSubmitAnswer>("/api/videos", { method: "POST", json: body }),
    onSuccess: ({ video }) => rememberVideo(queryClient, video),
    // A 409 partition_unusable means the form's reading of the partition is out of date.
    onError: () => void queryClient.invalidateQueries({ queryKey: partitionQuery().queryKey }),
  });
}

/** POST /api/videos/[id]/cancel: only a queued job (spec 3.1); a running one answers 409 cannot_cancel with why. */
export function useCancelVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<VideoJobDto>(`/api/videos/${encodeURIComponent(id)}/cancel`, { method: "POST", json: {} }),
    onSuccess: (job) => rememberVideo(queryClient, job),
  });
}

/** DELETE /api/videos/[id]: the job is deleted upstream; the studio's archived copy is kept or removed as asked. */
export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, removeArchive }: { id: string; removeArchive: boolean }) =>
      api<VideoDeleteAnswer>(`/api/videos/${encodeURIComponent(id)}?archive=${removeArchive ? "remove" : "keep"}`, { method: "DELETE" }),
    onSuccess: (answer, { id }) => {
      // A kept archive keeps the job in the list (marked deleted upstream); it is read again.
      if (!answer.archiveKept) forgetVideo(queryClient, id);
      else void queryClient.invalidateQueries({ queryKey: videoQuery(id).queryKey });
      void invalidateVideoLists(queryClient);
    },
  });
}
