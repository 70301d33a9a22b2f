import { GetObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Client } from "./s3-blob-store";
import { objectStoreOrigin, storageUrlSchema } from "./storage-url";

// Presigning is computed locally: no store is reached, only credentials of the right shape are needed.
const credentialNames = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"] as const;
const saved = credentialNames.map((name) => process.env[name]);
beforeAll(() => {
  process.env.AWS_ACCESS_KEY_ID = "AKIDEXAMPLE";
  process.env.AWS_SECRET_ACCESS_KEY = "example-secret";
});
afterAll(() => credentialNames.forEach((name, index) => (saved[index] === undefined ? delete process.env[name] : (process.env[name] = saved[index]))));

describe("objectStoreOrigin", () => {
  it.each([
    "s3://studio-blobs",
    "s3://studio-blobs/prefix?region=eu-west-3",
    "s3://studio.blobs?region=eu-west-3",
    "s3://studio-blobs?region=eu-west-3&forcePathStyle=1",
    "s3://studio?endpoint=http://127.0.0.1:9000&forcePathStyle=1",
    "s3://studio?endpoint=https://objects.example.com",
    "s3://studio?endpoint=https://objects.example.com:8443/",
    "s3://studio-blobs?endpoint=https://account.r2.cloudflarestorage.com&region=auto",
  ])("is the origin of the SDK's presigned URLs for %s", async (storageUrl) => {
    const location = storageUrlSchema.parse(storageUrl);
    const presigned = await getSignedUrl(s3Client(location), new GetObjectCommand({ Bucket: location.bucket, Key: `${location.prefix}ab/cd` }), { expiresIn: 60 });
    expect(objectStoreOrigin(location)).toBe(new URL(presigned).origin);
  });
});
