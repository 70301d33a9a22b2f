import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { parse } from "yaml";
import { BALANCER_KEEP_ALIVE_SECONDS, SERVER_KEEP_ALIVE_MS } from "@/lib/http/keep-alive";
import { SETTING_NAMES } from "@/lib/settings";

type Service = { command?: string[]; environment?: Record<string, string> };
const compose = parse(readFileSync("compose.yaml", "utf8"), { merge: true }) as { services: Record<string, Service> };
const caddyfile = readFileSync("deploy/Caddyfile", "utf8");

/** Read by Next's server (HOSTNAME) and the S3 client (the AWS credentials), not the settings. */
const READ_ELSEWHERE = ["HOSTNAME", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"];
const STUDIO_SERVICES = ["web-1", "web-2", "worker"];

it("runs PostgreSQL, MinIO with its bucket, migrations, two web servers, a worker and a load balancer", () => {
  expect(Object.keys(compose.services).sort()).toEqual(["balancer", "migrate", "minio", "minio-init", "postgres", "web-1", "web-2", "worker"]);
  expect(compose.services["web-1"]!.command).toEqual(["npm", "run", "start:web"]);
  expect(compose.services["web-2"]!.command).toEqual(["npm", "run", "start:web"]);
  expect(compose.services.worker!.command).toEqual(["npm", "run", "start:worker"]);
});

it("gives every studio process the same database, store and secrets, under names the studio reads", () => {
  const shared = compose.services.worker!.environment!;
  for (const name of ["DATABASE_URL", "STORAGE_URL", "AUTH_SECRET", "ASSET_SIGNING_KEY", "IMAGE_API_KEY"]) expect(shared).toHaveProperty(name);
  for (const service of STUDIO_SERVICES) {
    const environment = compose.services[service]!.environment!;
    expect(environment).toMatchObject(shared);
    for (const name of Object.keys(environment)) expect([...SETTING_NAMES, ...READ_ELSEWHERE]).toContain(name);
  }
});

it("balances over both web servers and checks their readiness", () => {
  expect(caddyfile).toContain("web-1:3000 web-2:3000");
  expect(caddyfile).toContain("health_uri /api/ready");
});

it("lets the balancer close idle connections before the web servers do", () => {
  expect(caddyfile).toMatch(new RegExp(`keepalive ${BALANCER_KEEP_ALIVE_SECONDS}s`));
  expect(BALANCER_KEEP_ALIVE_SECONDS * 1000).toBeLessThan(SERVER_KEEP_ALIVE_MS);
});
