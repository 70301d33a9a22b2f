// The root of the video pages' query keys, on its own: the jobs provider on every signed-in page
// invalidates them by it without loading the video queries and form schemas.
export const videosKey = ["videos"] as const;
