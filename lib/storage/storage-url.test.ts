import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/settings";
import { storageUrlSchema } from "./storage-url";

const parse = (value: string) => storageUrlSchema.parse(value);
const refusal = (value: string) => storageUrlSchema.safeParse(value).error?.issues[0]?.message;

describe("STORAGE_URL", () => {
  it("reads the bucket, the key prefix, the endpoint, the region and path-style addressing", () => {
    expect(parse("s3://studio/blobs?endpoint=http://minio:9000&region=eu-west-3&forcePathStyle=1")).toEqual({
      bucket: "studio",
      prefix: "blobs/",
      endpoint: "http://minio:9000",
      region: "eu-west-3",
      forcePathStyle: true,
    });
  });

  it("defaults to AWS S3 itself in us-east-1, virtual-hosted, with no prefix", () => {
    expect(parse("s3://my.bucket")).toEqual({ bucket: "my.bucket", prefix: "", endpoint: undefined, region: "us-east-1", forcePathStyle: false });
    expect(parse("s3://my-bucket/a/b/").prefix).toBe("a/b/");
  });

  it("names the part of the URL that is wrong", () => {
    expect(refusal("studio/blobs")).toMatch(/must be a URL like s3:\/\/bucket\/prefix/);
    expect(refusal("https://studio/blobs")).toBe("scheme: must be s3://, not https://");
    expect(refusal("s3://Studio_Blobs")).toBe(`bucket: "Studio_Blobs" must be 3 to 63 lowercase letters, digits, dots or hyphens`);
    expect(refusal("s3://key:secret@studio")).toMatch(/^credentials: put them in AWS_ACCESS_KEY_ID/);
    expect(refusal("s3://studio?endpoint=minio:9000")).toBe("endpoint: must be an http:// or https:// URL");
    expect(refusal("s3://studio?region=EU%20West")).toMatch(/^region: /);
    expect(refusal("s3://studio?forcePathStyle=yes")).toBe("forcePathStyle: must be 1 or 0");
    expect(refusal("s3://studio?pathStyle=1")).toMatch(/^pathStyle: unknown parameter/);
  });

  it("stops the studio at start with the variable and the reason, and is unset by default", () => {
    expect(() => parseEnv({ STORAGE_URL: "s3://studio?endpoint=ftp://x" })).toThrowError(/STORAGE_URL: endpoint: must be an http:\/\/ or https:\/\/ URL/);
    expect(parseEnv({}).STORAGE_URL).toBeUndefined();
    expect(parseEnv({ STORAGE_URL: "" }).STORAGE_URL).toBeUndefined();
  });
});
