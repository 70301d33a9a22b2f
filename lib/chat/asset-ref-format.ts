// Stored request messages name studio images as `studio-asset://<id>` rather than carrying megabytes
// of base64; they become data URLs only in the request that leaves for the upstream.
const PREFIX = "studio-asset://";

export function assetRef(assetId: string): string {
  return `${PREFIX}${assetId}`;
}

export function assetIdOfRef(url: string): string | undefined {
  return url.startsWith(PREFIX) ? url.slice(PREFIX.length) : undefined;
}
