// Pure: whether the designer is looking at the page that shows a job's result.

/** `href` is the job's result page (`/alpha`, `/chat/<id>?turn=<turn>`); only its path counts, not which turn is selected. */
export function isOnResultPage(href: string, pathname: string): boolean {
  const target = new URL(href, "http://studio").pathname;
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
  return trim(target) === trim(pathname);
}
