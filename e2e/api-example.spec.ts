import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { adminStorageState } from "../playwright.config";

// The API's example script (examples/generate-alpha-v3.mjs), run as a user would run it against the
// studio: it finds its operations in /api/openapi.json, generates an alpha v3 image with the admin's
// token, follows its job on the job stream and downloads the image. The reference page shows the
// same document.
const run = promisify(execFile);

test.use({ storageState: adminStorageState });

test("the example script generates and downloads an image using only the OpenAPI document's operations", async ({ page, baseURL }) => {
  const made = await page.request.post("/api/me/tokens", {
    headers: { Origin: baseURL ?? "" },
    data: { name: `API example ${Date.now()}`, scopes: ["read", "images:generate"], expiresInDays: 1 },
  });
  expect(made.status()).toBe(201);
  const { token } = (await made.json()) as { token: { secret: string } };

  const directory = await mkdtemp(path.join(os.tmpdir(), "studio-api-example-"));
  try {
    const out = path.join(directory, "lantern.png");
    const { stdout } = await run(process.execPath, ["examples/generate-alpha-v3.mjs", "--studio", baseURL ?? "", "--out", out, `A paper lantern ${Date.now()}`], {
      env: { ...process.env, STUDIO_TOKEN: token.secret },
      timeout: 90_000,
    });
    expect(stdout).toMatch(/: succeeded\n/);
    const bytes = await readFile(out);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe("png");
    expect(metadata.width).toBeGreaterThan(0);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
});

test("the reference page lists every operation of the document", async ({ page }) => {
  const document = (await (await page.request.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
  const count = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
  await page.goto("/account/api");
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
  await expect(page.getByTestId("api-operation")).toHaveCount(count);
  await expect(page.locator("#createAlphaV3Generation")).toContainText("/api/alpha/v3/generations");
  // The introduction says once what a token is, with the header to send it in shown as code.
  const introduction = page.getByRole("heading", { name: "API reference", level: 1 }).locator("xpath=following-sibling::p");
  expect((await introduction.textContent())?.split("personal access token")).toHaveLength(2);
  await expect(introduction.locator("code").filter({ hasText: "Authorization: Bearer studio_pat_" })).toBeVisible();

  // An answer's fields are one click away, nullable values read as such, and no integer carries
  // JavaScript's safe-integer bounds as if they were the API's rules.
  const list = page.locator("#listAlphaV3Generations");
  const fields = list.locator("details").first();
  await expect(fields.getByText("tokens", { exact: true })).toBeHidden();
  await fields.locator("summary").click();
  // The innermost item naming the field (the list's own item holds them all).
  const field = (name: string) => fields.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) }).last();
  await expect(field("tokens")).toContainText("integer or null");
  await expect(field("variationSetId")).toContainText("string or null, uuid");
  await expect(page.locator("main")).not.toContainText(String(Number.MAX_SAFE_INTEGER));
});

test("the document needs no credential and names no secret", async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  try {
    const response = await anonymous.get("/api/openapi.json");
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ openapi: expect.stringMatching(/^3\.1\./) });
    expect(text).not.toMatch(/studio_pat_[A-Za-z0-9_-]{43}/);
  } finally {
    await anonymous.dispose();
  }
});
