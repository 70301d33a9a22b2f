// Its own module, free of zod: the activity tray on every studio page names it (through the error
// copy), and a schema module there would put the whole of zod into every page's first load.

/** What someone over a quota can do, in the refusal and wherever the studio's pages show it. */
export const STORAGE_QUOTA_ADVICE = "Delete work you no longer need from the gallery, or ask a site admin for a larger quota.";
