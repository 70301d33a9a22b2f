import "server-only";
import { isIPv4, isIPv6 } from "node:net";

// Which client a request comes from, for per-address limits.
//
// Next's server fills X-Forwarded-For with the socket's address only when the request has no such
// header, and keeps a header the client sent as it is. We take the RIGHTMOST entry: that is the
// address written by the nearest hop, i.e. the socket address when the studio is reached directly,
// or what a reverse proxy in front set or appended. Entries to its left are whatever the client
// claims, so the leftmost ("first hop") is never used. Behind one proxy this cannot be forged;
// reached directly, a client that sends its own header picks its bucket, which is why the
// per-account limit (independent of addresses) is the main defence and this one only slows
// spraying one password over many accounts. Behind several proxies the rightmost entry is the
// inner proxy, which then shares one bucket: put only one hop in front, or none.
export function clientAddress(headers: Headers): string | undefined {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").at(-1)?.trim();
  return last ? addressKey(last) : undefined;
}

/**
 * The bucket for an address: IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 by its /64 (one
 * household or server gets a whole /64, so single addresses would be free to rotate). Text that
 * is not an address shares one bucket rather than escaping the limit.
 */
export function addressKey(raw: string): string {
  const address = raw.replace(/^\[(.*)\](?::\d+)?$/, "$1").replace(/%.*$/, "");
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return "unparseable";
  const groups = expandIPv6(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) is two 16-bit groups.
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...fill, ...right].map((group) => parseInt(group, 16));
}
