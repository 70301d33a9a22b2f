import { z } from "zod";

/** Where an S3-compatible object store keeps the blobs: a bucket, a key prefix, and how to reach it. */
export type S3Location = {
  bucket: string;
  /** Empty, or ends with "/": every object key starts with it. */
  prefix: string;
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
};

/** AWS's rule for bucket names, which the S3-compatible stores follow too. */
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const DEFAULT_REGION = "us-east-1";
const KNOWN_PARAMETERS = ["endpoint", "region", "forcePathStyle"];

// STORAGE_URL=s3://bucket/prefix?endpoint=http://…&region=…&forcePathStyle=1. Each refusal names
// the part of the URL that is wrong, so a typo stops the studio at start with the reason, instead of
// surfacing as an upload failing later. Credentials are never part of it: the AWS SDK reads
// AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (or a profile, or an instance role) itself.
export const storageUrlSchema = z.string().transform((value, context): S3Location => {
  const refuse = (message: string) => {
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse("must be a URL like s3://bucket/prefix?endpoint=…&region=…");
  }
  if (url.protocol !== "s3:") return refuse(`scheme: must be s3://, not ${url.protocol}//`);
  if (url.username || url.password) return refuse("credentials: put them in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not in the URL");
  const bucket = url.hostname;
  if (!BUCKET_PATTERN.test(bucket)) return refuse(`bucket: "${bucket}" must be 3 to 63 lowercase letters, digits, dots or hyphens`);
  const unknown = [...url.searchParams.keys()].filter((name) => !KNOWN_PARAMETERS.includes(name));
  if (unknown.length > 0) return refuse(`${unknown[0]}: unknown parameter (known: ${KNOWN_PARAMETERS.join(", ")})`);

  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined && !(URL.canParse(endpoint) && /^https?:$/.test(new URL(endpoint).protocol))) {
    return refuse("endpoint: must be an http:// or https:// URL");
  }
  const region = url.searchParams.get("region") ?? DEFAULT_REGION;
  if (!/^[a-z0-9-]+$/.test(region)) return refuse(`region: "${region}" must be lowercase letters, digits and hyphens`);
  const pathStyle = url.searchParams.get("forcePathStyle") ?? "0";
  if (!["0", "1", "true", "false"].includes(pathStyle)) return refuse("forcePathStyle: must be 1 or 0");

  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  return { bucket, prefix: path ? `${path}/` : "", endpoint, region, forcePathStyle: pathStyle === "1" || pathStyle === "true" };
});

/**
 * The origin browsers fetch this store's presigned URLs from, which pages must allow for images
 * and video. It follows the AWS SDK's addressing: virtual-hosted (the bucket in the host name)
 * unless path style is forced or the bucket's name has a dot; a test holds it to the SDK's own
 * presigned URLs.
 */
export function objectStoreOrigin(location: S3Location): string {
  const service = new URL(location.endpoint ?? `https://s3.${location.region}.amazonaws.com`);
  const virtualHosted = !location.forcePathStyle && !location.bucket.includes(".");
  return virtualHosted ? `${service.protocol}//${location.bucket}.${service.host}` : service.origin;
}
