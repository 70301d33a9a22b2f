// How a job that did not finish its work is recorded, on the job and on its generation or turn.
// The codes are those of components/errors/error-copy.ts.
export const CANCELLED = { errorCode: "cancelled", errorMessage: "Cancelled before the image arrived" } as const;
export const INTERRUPTED = { errorCode: "interrupted", errorMessage: "The studio restarted before this finished; run it again" } as const;
