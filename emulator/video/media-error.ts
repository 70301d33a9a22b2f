/**
 * A problem with an input file found while `running` (spec 7.3: media diagnostics). The job
 * then fails with the normalised code `generation_failed`; the diagnostic heads the message.
 */
export class MediaError extends Error {
  constructor(
    readonly diagnostic: "media_invalid" | "media_fetch_failed" | "media_too_large",
    message: string,
  ) {
    super(message);
  }
}
