import { issueFieldErrors } from "@/components/images/field-errors";
import { videoFormSchema } from "@/lib/videos/video-schemas";
import { toVideoRequestBody, videoFieldOf, type VideoFieldErrors, type VideoFormState } from "./video-form-state";

// The video form's check with the schema the route handler uses, apart from the form's state so that
// the page loads it (and zod) when the form is first used, not with its first paint.

/** Validates with the schema the route handler uses, so the browser refuses exactly what the server would. */
export function validateVideoForm(state: VideoFormState): VideoFieldErrors {
  const result = videoFormSchema.safeParse(toVideoRequestBody(state));
  return result.success ? {} : issueFieldErrors(result.error.issues, videoFieldOf);
}
