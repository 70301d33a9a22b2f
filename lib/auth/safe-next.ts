// Where to send a user after sign-in. `next` comes from the URL, so anyone can craft it: it is
// resolved the way a browser would resolve it (backslashes count as slashes, tabs and newlines are
// dropped, `//host` is another host) and kept only when it stays on the studio's own origin. Prefix
// checks on the raw string miss those browser rules, which is how `/\evil.example/` got through.
export function safeNextPath(next: unknown, origin: string): string {
  if (typeof next !== "string" || next === "") return "/";
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(next, base);
  } catch {
    return "/";
  }
  if (target.origin !== base.origin) return "/";
  return `${target.pathname}${target.search}${target.hash}`;
}
