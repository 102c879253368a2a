// The Express middleware in a real Express server, and withAuth as a Fetch API route handler.
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { after, before, describe, it } from "node:test";

import express from "express";

import { TokenVerifier, requireAuth, withAuth } from "@identity/sdk";

import { TENANT_ID, URL, otherTenant, signUp } from "./env.js";

const verifier = new TokenVerifier({ issuer: URL, tenantId: TENANT_ID });

async function assertUnauthenticated(response: Response, reason: string): Promise<void> {
  assert.equal(response.status, 401);
  assert.equal(response.headers.get("WWW-Authenticate"), 'Bearer error="invalid_token"');
  const body = (await response.json()) as { error: Record<string, unknown> };
  assert.equal(body.error.code, "unauthenticated");
  assert.equal(body.error.status, 401);
  assert.equal(body.error.reason, reason);
  assert.equal(typeof body.error.message, "string");
  assert.match(String(body.error.request_id), /^req_/);
  assert.equal(response.headers.get("X-Request-ID"), body.error.request_id);
}

describe("requireAuth (Express)", () => {
  let server: Server;
  let base = "";

  before(async () => {
    const app = express();
    app.get("/me", requireAuth(verifier), (req, res) => {
      res.json({ user: req.auth!.userId, session: req.auth!.sessionId, org: req.auth!.orgId });
    });
    app.get("/maybe", requireAuth(verifier, { optional: true }), (req, res) => {
      res.json({ user: req.auth?.userId ?? null });
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(() => server.close());

  it("puts the user and session on req.auth", async () => {
    const user = await signUp();
    const response = await fetch(`${base}/me`, { headers: { Authorization: `Bearer ${user.accessToken}` } });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { user: user.userId, session: user.sessionId, org: null });
  });

  it("answers 401 in the service's error shape without a token, with another tenant's token, with garbage", async () => {
    await assertUnauthenticated(await fetch(`${base}/me`), "token_missing");
    const stranger = await signUp((await otherTenant()).frontend);
    await assertUnauthenticated(
      await fetch(`${base}/me`, { headers: { Authorization: `Bearer ${stranger.accessToken}` } }),
      "token_invalid",
    );
    await assertUnauthenticated(await fetch(`${base}/me`, { headers: { Authorization: "Bearer x.y.z" } }), "token_malformed");
    const kept = await fetch(`${base}/me`, { headers: { "X-Request-ID": "req_from_the_proxy" } });
    assert.equal(kept.headers.get("X-Request-ID"), "req_from_the_proxy");
  });

  it("lets requests without a token through when optional, but not bad tokens", async () => {
    assert.deepEqual(await (await fetch(`${base}/maybe`)).json(), { user: null });
    await assertUnauthenticated(await fetch(`${base}/maybe`, { headers: { Authorization: "Bearer x.y.z" } }), "token_malformed");
  });
});

describe("withAuth (Next.js route handlers)", () => {
  const GET = withAuth(verifier, async (_request, auth) => Response.json({ user: auth.userId, role: auth.role }));

  it("calls the handler with the verified session", async () => {
    const user = await signUp();
    const response = await GET(new Request("https://app.example.com/api/me", { headers: { Authorization: `Bearer ${user.accessToken}` } }), {});
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { user: string }).user, user.userId);
  });

  it("answers 503 when the key set cannot be fetched: the client should not sign in again", async () => {
    const user = await signUp();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve)); // nothing listens there now
    const unreachable = new TokenVerifier({ issuer: URL, apiUrl: `http://127.0.0.1:${port}`, tenantId: TENANT_ID });
    const response = await withAuth(unreachable, async () => new Response("no"))(
      new Request("https://app.example.com/api/me", { headers: { Authorization: `Bearer ${user.accessToken}` } }), {});
    assert.equal(response.status, 503);
    assert.equal(response.headers.get("Retry-After"), "1");
    const body = (await response.json()) as { error: Record<string, unknown> };
    assert.equal(body.error.code, "service_unavailable");
    assert.equal(body.error.reason, "keys_unavailable");
  });

  it("answers 401 in the service's error shape", async () => {
    await assertUnauthenticated(await GET(new Request("https://app.example.com/api/me"), {}), "token_missing");
    await assertUnauthenticated(
      await GET(new Request("https://app.example.com/api/me", { headers: { Authorization: "Bearer a.b.c" } }), {}),
      "token_malformed",
    );
  });
});
