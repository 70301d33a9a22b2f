"use client";

import { useRef, useState } from "react";
import type { VideoInputType } from "@/lib/upstream/video/limits";
import { checkInputFile, inputTypeOf, uploadInputFile, uploadProblems } from "./upload-video-input";
import type { AttachedInput } from "./video-form-state";

/** A file being checked or uploaded, shown in place of the input it will become. */
export type PendingUpload = { key: string; name: string; bytes: number; type: VideoInputType | null };

type Options = {
  allowed: readonly VideoInputType[];
  /** Why this file does not fit beside the ones taken (counts), checked before anything is read. */
  roomProblem?: (type: VideoInputType, name: string, taken: readonly VideoInputType[]) => string | null;
  /** The reference files already attached, for the total reference time (ref2va). */
  references?: () => readonly AttachedInput[];
  onUploaded: (input: AttachedInput) => void;
};

// One drop zone's uploads: each file checked in the browser (type, count, spec 4.4.1 rules from its
// metadata), then uploaded one after the other; what was refused and what the studio changed
// (a HEIC converted to PNG) is said per file, naming it.
export function useInputUploads({ allowed, roomProblem, references, onUploaded }: Options) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const counter = useRef(0);
  // Types of the files on their way, counted against the limits with those attached.
  const onTheWay = useRef<VideoInputType[]>([]);

  async function add(files: File[]) {
    setProblems([]);
    setNotices([]);
    for (const file of files) {
      const key = `upload-${(counter.current += 1)}`;
      const type = inputTypeOf(file);
      const attachedTypes = (references?.() ?? []).map((input) => input.type);
      const room = type && roomProblem ? roomProblem(type, file.name, [...attachedTypes, ...onTheWay.current]) : null;
      if (room) {
        setProblems((shown) => [...shown, room]);
        continue;
      }
      if (type) onTheWay.current = [...onTheWay.current, type];
      setPending((shown) => [...shown, { key, name: file.name, bytes: file.size, type }]);
      try {
        const outcome = await checkInputFile(file, allowed, references?.());
        if ("problems" in outcome) {
          setProblems((shown) => [...shown, ...outcome.problems]);
          continue;
        }
        const { input, conversion } = await uploadInputFile(outcome.checked);
        if (conversion) setNotices((shown) => [...shown, `${file.name}: ${conversion}`]);
        onUploaded(input);
      } catch (error) {
        setProblems((shown) => [...shown, ...uploadProblems(file.name, error)]);
      } finally {
        if (type) onTheWay.current = onTheWay.current.filter((_, index) => index !== onTheWay.current.indexOf(type));
        setPending((shown) => shown.filter((upload) => upload.key !== key));
      }
    }
  }

  return {
    pending,
    problems,
    notices,
    add: (files: File[]) => void add(files),
    clearMessages: () => {
      setProblems([]);
      setNotices([]);
    },
  };
}
