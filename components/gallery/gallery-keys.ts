// The root of the gallery's query keys, on its own: the jobs provider on every signed-in page
// invalidates the gallery by it without loading the gallery's queries and filter schemas.
export const galleryKey = ["gallery"] as const;
