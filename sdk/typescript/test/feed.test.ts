// The revocation feed's client. Against a scripted event stream (a server here that answers
// /v1/revocations/stream as the contract says and passes every other path to the real service):
// the deny list, Last-Event-ID resume, unreadable events, a stalled stream, the grace and what
// happens after it. Against the real feed: a session revoked through the API is refused within a second,
// with no call per verification.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";

import { decodeJwt } from "jose";

import { IdentityError, RevocationFeed, TokenVerificationError, TokenVerifier } from "@identity/sdk";

import {
  PUBLISHABLE_KEY, SECRET_KEY, TENANT_ID, URL, backend, countingFetch, signUp,
} from "./env.js";

function refusedWith(code: string) {
  return (error: unknown) => {
    assert.ok(error instanceof TokenVerificationError, String(error));
    assert.equal(error.code, code, error.message);
    return true;
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
const later = () => iso(Date.now() + 3_600_000);

function entry(id: string, kind: string, target: string, revokedAt = iso(Date.now())): string {
  const data = { kind, id: target, reason: "revoked_by_api", revoked_at: revokedAt, forget_after: later() };
  return `id: ${id}\nevent: revocation\ndata: ${JSON.stringify(data)}\n\n`;
}

async function until(condition: () => Promise<boolean> | boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("RevocationFeed deny-list rules", () => {
  const feed = new RevocationFeed({ baseUrl: URL, tenantId: TENANT_ID, secretKey: SECRET_KEY });
  const now = Date.now();
  feed.add({ kind: "session", id: "ses_1", reason: "signed_out", revoked_at: iso(now), forget_after: later() });
  feed.add({ kind: "user", id: "usr_1", reason: "user_banned", revoked_at: iso(now), forget_after: later() });
  feed.add({ kind: "signing_key", id: "kid_1", reason: "key_retired", revoked_at: iso(now), forget_after: later() });
  feed.add({ kind: "session", id: "ses_gone", reason: "signed_out", revoked_at: iso(now - 7_200_000), forget_after: iso(now - 1) });

  it("matches sid, sub with iat not after revoked_at, and kid", () => {
    const iat = Math.floor(now / 1000);
    assert.equal(feed.isRevoked({ sid: "ses_1", sub: "usr_9", iat }), true);
    assert.equal(feed.isRevoked({ sid: "ses_2", sub: "usr_1", iat: iat - 10 }), true);
    assert.equal(feed.isRevoked({ sid: "ses_2", sub: "usr_1", iat: iat + 10 }), false); // issued after (an unban)
    assert.equal(feed.isRevoked({ sid: "ses_2", sub: "usr_9", iat, kid: "kid_1" }), true);
    assert.equal(feed.isRevoked({ sid: "ses_2", sub: "usr_9", iat, kid: "kid_2" }), false);
    assert.equal(feed.isRevoked({ sid: "ses_gone", sub: "usr_9", iat }), false); // past forget_after
    assert.equal(feed.size, 3);
  });
});

describe("RevocationFeed against a scripted stream", () => {
  const connections: { lastEventId: string | undefined; authorization: string | undefined; tenant: string | undefined }[] = [];
  let script: (n: number, req: IncomingMessage, res: ServerResponse) => void = () => undefined;
  const streams: ServerResponse[] = [];
  const server = createServer(async (req, res) => {
    if (req.url?.startsWith("/v1/revocations/stream")) {
      connections.push({
        lastEventId: req.headers["last-event-id"] as string | undefined,
        authorization: req.headers.authorization,
        tenant: req.headers["x-tenant-id"] as string | undefined,
      });
      streams.push(res);
      script(connections.length, req, res);
      return;
    }
    // Everything else is the real service's.
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !["host", "connection", "content-length"].includes(k)) as [string, string][],
    );
    const answer = await fetch(URL + req.url, {
      method: req.method!, headers, body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(answer.status, { "Content-Type": answer.headers.get("Content-Type") ?? "application/json" });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  let base = "";

  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(() => {
    for (const s of streams) s.destroy();
    server.close();
  });

  it("keeps the deny list, resumes with Last-Event-ID, fails closed after the grace", async () => {
    const [a, b, c] = [await signUp(), await signUp(), await signUp()];
    const sse = { "Content-Type": "text/event-stream", "Cache-Control": "no-store" };
    script = (n, _req, res) => {
      if (n === 1) {
        res.writeHead(200, sse);
        res.write(": keepalive\n\n");
        // Split across writes, with CRLF line ends: the parser must not care.
        res.write(entry("0001", "session", a.sessionId).replace(/\n/g, "\r\n").slice(0, 30));
        res.write(entry("0001", "session", a.sessionId).replace(/\n/g, "\r\n").slice(30));
        res.write("event: ready\ndata: {}\n\n");
        setTimeout(() => res.end(), 100); // the server ends the stream; the client comes back
      } else if (n === 2) {
        res.writeHead(200, sse);
        res.write("event: ready\ndata: {}\n\n");
        setTimeout(() => {
          res.write(entry("0002", "session", c.sessionId));
          setTimeout(() => res.end(), 100);
        }, 300);
      } else {
        res.writeHead(503, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { code: "service_unavailable", message: "down", status: 503, request_id: "req_1" } }));
      }
    };
    const verifier = new TokenVerifier({
      issuer: URL, apiUrl: base, tenantId: TENANT_ID, secretKey: SECRET_KEY,
      revocationFeed: { graceSeconds: 2 },
    });
    try {
      await verifier.start();
      assert.deepEqual(connections[0], { lastEventId: undefined, authorization: `Bearer ${SECRET_KEY}`, tenant: TENANT_ID });
      await assert.rejects(verifier.verify(a.accessToken), refusedWith("token_revoked"));
      assert.equal((await verifier.verify(b.accessToken)).userId, b.userId);
      assert.equal((await verifier.verify(c.accessToken)).userId, c.userId);
      await until(async () => verifier.verify(c.accessToken).then(() => false, () => true));
      assert.equal(connections[1]!.lastEventId, "0001");
      await assert.rejects(verifier.verify(c.accessToken), refusedWith("token_revoked"));
      // The stream is gone for good now: within the grace the list still counts, then nothing passes.
      await until(() => connections.length >= 3);
      assert.equal((await verifier.verify(b.accessToken)).userId, b.userId);
      await until(async () => verifier.verify(b.accessToken).then(() => false, () => true), 5_000);
      await assert.rejects(verifier.verify(b.accessToken), refusedWith("revocation_unavailable"));
      assert.ok(connections.slice(2).every((conn) => conn.lastEventId === "0002"));
    } finally {
      await verifier.close();
    }
  });

  it("skips an event it cannot read and keeps the ones after it", async () => {
    const sse = { "Content-Type": "text/event-stream", "Cache-Control": "no-store" };
    const good = entry("0006", "session", "ses_after_the_bad_ones");
    let served = 0;
    script = (_n, _req, res) => {
      served += 1;
      if (served > 1) {
        res.writeHead(503, { "Content-Type": "application/json" });
        res.end("{}");
        return;
      }
      res.writeHead(200, sse);
      res.write("id: 0001\nevent: revocation\ndata: not json {\n\n");
      res.write("id: 0002\nevent: revocation\ndata: [1, 2]\n\n");
      res.write("id: 0003\nevent: revocation\ndata: null\n\n");
      res.write(entry("0004", "tenant", "tnt_x"));
      res.write(`id: 0005\nevent: revocation\ndata: ${JSON.stringify({ kind: "session", id: 7 })}\n\n`);
      res.write(good);
      res.write("event: ready\ndata: {}\n\n");
    };
    const skipped: unknown[] = [];
    const feed = new RevocationFeed({
      baseUrl: base, tenantId: TENANT_ID, secretKey: SECRET_KEY, onError: (e) => skipped.push(e),
    });
    try {
      await feed.start();
      assert.equal(feed.size, 1);
      assert.equal(feed.isRevoked({ sid: "ses_after_the_bad_ones" }), true);
      assert.equal(feed.lastEventId, "0006");
      assert.equal(skipped.length, 5);
      assert.equal(served, 1); // no reconnect: one stream read it all
      assert.equal(feed.current, true);
    } finally {
      await feed.close();
    }
  });

  it("counts the grace from the last byte received, so a stalled stream is not current for long", async () => {
    const sse = { "Content-Type": "text/event-stream", "Cache-Control": "no-store" };
    let served = 0;
    script = (_n, _req, res) => {
      served += 1;
      if (served > 1) {
        res.writeHead(503, { "Content-Type": "application/json" });
        res.end("{}");
        return;
      }
      res.writeHead(200, sse);
      res.write("event: ready\ndata: {}\n\n"); // then nothing, not even a keepalive
    };
    const feed = new RevocationFeed({
      baseUrl: base, tenantId: TENANT_ID, secretKey: SECRET_KEY, graceSeconds: 2, idleTimeoutMs: 1_500,
    });
    try {
      await feed.start();
      const lastByte = Date.now();
      assert.equal(feed.current, true);
      // Cut as idle after 1.5 s; counted from then, the grace would last until 3.5 s.
      await new Promise((r) => setTimeout(r, lastByte + 2_600 - Date.now()));
      assert.equal(feed.current, false);
    } finally {
      await feed.close();
    }
  });

  it("past the grace, asks the service per token when told to (verify-online)", async () => {
    const user = await signUp();
    script = (_n, _req, res) => {
      res.writeHead(503, { "Content-Type": "application/json" });
      res.end("{}");
    };
    const counted = countingFetch();
    const verifier = new TokenVerifier({
      issuer: URL, apiUrl: base, tenantId: TENANT_ID, secretKey: SECRET_KEY, fetch: counted.fetch,
      revocationFeed: { graceSeconds: 0, whenUnavailable: "verify-online", onlineCacheSeconds: 0.2 },
    });
    try {
      assert.equal((await verifier.verify(user.accessToken)).userId, user.userId);
      assert.ok(counted.calls.includes("POST /v1/sessions/verify"));
      await backend.delete("/v1/sessions/{id}", { path: { id: user.sessionId } });
      await new Promise((r) => setTimeout(r, 250)); // the online answer's cache
      await assert.rejects(verifier.verify(user.accessToken), refusedWith("token_revoked"));
    } finally {
      await verifier.close();
    }
  });
});

describe("the service's revocation feed", () => {
  it("refuses a session revoked through the API within a second, with no call per verification", async (t) => {
    const user = await signUp();
    const bystander = await signUp();
    const counted = countingFetch();
    const verifier = new TokenVerifier({
      issuer: URL, tenantId: TENANT_ID, secretKey: SECRET_KEY, revocationFeed: true, fetch: counted.fetch,
    });
    try {
      await verifier.start();
      assert.equal((await verifier.verify(user.accessToken)).userId, user.userId);
      const revokedAt = performance.now(); // before the revoking request, as the issue measures
      await backend.delete("/v1/sessions/{id}", { path: { id: user.sessionId } });
      await until(async () => verifier.verify(user.accessToken).then(() => false, () => true), 1_000);
      const delay = performance.now() - revokedAt;
      assert.ok(delay < 1_000, `refused after ${delay} ms`);
      t.diagnostic(`revoked-to-refused: ${delay.toFixed(1)} ms`);
      await assert.rejects(verifier.verify(user.accessToken), refusedWith("token_revoked"));
      for (let i = 0; i < 20; i++) await verifier.verify(bystander.accessToken);
      assert.deepEqual(counted.calls.sort(), ["GET /.well-known/jwks.json", "GET /v1/revocations/stream"]);
    } finally {
      await verifier.close();
    }
  });

  it("replays what it keeps to a verifier started later, and refuses a banned user's older tokens", async () => {
    const signedOut = await signUp();
    await backend.delete("/v1/sessions/{id}", { path: { id: signedOut.sessionId } });
    const banned = await signUp();
    await backend.post("/v1/users/{id}/ban", { path: { id: banned.userId } });
    const verifier = new TokenVerifier({ issuer: URL, tenantId: TENANT_ID, secretKey: SECRET_KEY, revocationFeed: true });
    try {
      await verifier.start();
      await assert.rejects(verifier.verify(signedOut.accessToken), refusedWith("token_revoked"));
      await until(async () => verifier.verify(banned.accessToken).then(() => false, () => true), 1_000);
      await assert.rejects(verifier.verify(banned.accessToken), refusedWith("token_revoked"));
      assert.ok(decodeJwt(banned.accessToken).iat);
      assert.ok(verifier.feed!.lastEventId);
    } finally {
      await verifier.close();
    }
  });

  it("refuses a credential the stream does not take", async () => {
    const feed = new RevocationFeed({ baseUrl: URL, tenantId: TENANT_ID, secretKey: PUBLISHABLE_KEY });
    await assert.rejects(feed.start(), (error: unknown) => error instanceof IdentityError && error.status === 403);
    await feed.close();
  });
});
