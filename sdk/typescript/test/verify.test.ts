// Local verification against the real service's keys, and the hostile tokens it must refuse.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { SignJWT, decodeJwt, decodeProtectedHeader, exportSPKI, generateKeyPair, importJWK, type JWK } from "jose";

import { TokenVerificationError, TokenVerifier, verifySessionToken } from "@identity/sdk";

import { SECRET_KEY, TENANT_ID, URL, backend, countingFetch, otherTenant, signUp } from "./env.js";

function refusedWith(code: string) {
  return (error: unknown) => {
    assert.ok(error instanceof TokenVerificationError, String(error));
    assert.equal(error.code, code, error.message);
    return true;
  };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("TokenVerifier", () => {
  it("verifies a session token and says who it is for", async () => {
    const user = await signUp();
    const auth = await new TokenVerifier({ issuer: URL, tenantId: TENANT_ID }).verify(user.accessToken);
    assert.equal(auth.userId, user.userId);
    assert.equal(auth.sessionId, user.sessionId);
    assert.equal(auth.tenantId, TENANT_ID);
    assert.equal(auth.orgId, null);
    assert.equal(auth.claims.aud, TENANT_ID);
  });

  it("needs no call to the service in the steady state", async () => {
    const counted = countingFetch();
    const verifier = new TokenVerifier({ issuer: URL, tenantId: TENANT_ID, fetch: counted.fetch });
    const users = [await signUp(), await signUp(), await signUp()];
    for (let round = 0; round < 20; round++) {
      for (const user of users) assert.equal((await verifier.verify(user.accessToken)).userId, user.userId);
    }
    assert.deepEqual(counted.calls, ["GET /.well-known/jwks.json"]);
    // verifySessionToken keeps its verifier (and so its key set) between calls too.
    const once = countingFetch();
    for (const user of users) {
      await verifySessionToken(user.accessToken, { issuer: URL, tenantId: TENANT_ID, fetch: once.fetch });
    }
    assert.deepEqual(once.calls, ["GET /.well-known/jwks.json"]);
  });

  it("refuses a token of another tenant of the same service", async () => {
    const other = await otherTenant();
    const stranger = await signUp(other.frontend);
    const verifier = new TokenVerifier({ issuer: URL, tenantId: TENANT_ID });
    await assert.rejects(verifier.verify(stranger.accessToken), refusedWith("token_invalid"));
    // ...which its own tenant's verifier accepts.
    assert.equal((await new TokenVerifier({ issuer: URL, tenantId: other.id }).verify(stranger.accessToken)).userId, stranger.userId);
  });

  it("refuses a token signed by an unknown key, refetching the key set at most once per cooldown", async () => {
    const user = await signUp();
    const claims = decodeJwt(user.accessToken);
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: "kid_made_up" }).sign(privateKey);
    const counted = countingFetch();
    const verifier = new TokenVerifier({ issuer: URL, tenantId: TENANT_ID, fetch: counted.fetch, jwksCooldownSeconds: 1 });
    await assert.rejects(verifier.verify(forged), refusedWith("token_invalid"));
    assert.equal(counted.calls.length, 1); // the set was fetched just now: no refetch for the kid
    await new Promise((r) => setTimeout(r, 1_100));
    // A flood of made-up kids: one refetch, then none until the cooldown has passed again.
    const started = Date.now();
    for (let i = 0; i < 30; i++) {
      const flood = await new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: `kid_made_up_${i}` }).sign(privateKey);
      await assert.rejects(verifier.verify(flood), refusedWith("token_invalid"));
    }
    const refetches = counted.calls.length - 1;
    assert.ok(refetches >= 1, "an unknown kid past the cooldown refetches the set");
    assert.ok(refetches <= Math.ceil((Date.now() - started) / 1_000), `${refetches} refetches for 30 unknown kids`);
    assert.ok(counted.calls.every((c) => c === "GET /.well-known/jwks.json"));
    // The real kid with another key's signature.
    const realKid = decodeProtectedHeader(user.accessToken).kid!;
    const wrongKey = await new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: realKid }).sign(privateKey);
    await assert.rejects(verifier.verify(wrongKey), refusedWith("token_invalid"));
  });

  it("refuses alg none, HS256 and RS256 tokens, and a tampered payload", async () => {
    const user = await signUp();
    const claims = decodeJwt(user.accessToken);
    const kid = decodeProtectedHeader(user.accessToken).kid!;
    const verifier = new TokenVerifier({ issuer: URL, tenantId: TENANT_ID });
    const none = `${b64({ alg: "none", kid, typ: "JWT" })}.${b64(claims)}.`;
    await assert.rejects(verifier.verify(none), refusedWith("token_invalid"));
    // Algorithm confusion: HMAC keyed with the service's real public key, as a verifier that took
    // the header's alg would check it.
    const jwks = (await (await fetch(`${URL}/.well-known/jwks.json`)).json()) as { keys: JWK[] };
    const publicJwk = jwks.keys.find((k) => k.kid === kid)!;
    const publicPem = await exportSPKI((await importJWK(publicJwk, "ES256")) as CryptoKey);
    for (const secret of [new TextEncoder().encode(publicPem), new TextEncoder().encode(JSON.stringify(publicJwk))]) {
      const hs = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", kid }).sign(secret);
      await assert.rejects(verifier.verify(hs), refusedWith("token_invalid"));
    }
    const { privateKey } = await generateKeyPair("RS256");
    const rs = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid }).sign(privateKey);
    await assert.rejects(verifier.verify(rs), refusedWith("token_invalid"));
    const [head, , signature] = user.accessToken.split(".");
    const tampered = `${head}.${b64({ ...claims, sub: "usr_someone_else" })}.${signature}`;
    await assert.rejects(verifier.verify(tampered), refusedWith("token_invalid"));
    await assert.rejects(verifier.verify("not a token"), refusedWith("token_malformed"));
  });

  it("keeps serving its key set while the JWKS server is down, asking it at most once per cooldown", async () => {
    const user = await signUp();
    const keys = await (await fetch(`${URL}/.well-known/jwks.json`)).text();
    let down = false;
    let asked = 0;
    const server = createServer((_req, res) => {
      asked += 1;
      if (down) {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "max-age=1" }).end(keys);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
    try {
      const verifier = new TokenVerifier({ issuer: URL, tenantId: TENANT_ID, jwksUrl });
      assert.equal((await verifier.verify(user.accessToken)).userId, user.userId);
      assert.equal(asked, 1);
      down = true;
      await new Promise((r) => setTimeout(r, 1_100)); // past max-age
      for (let i = 0; i < 50; i++) assert.equal((await verifier.verify(user.accessToken)).userId, user.userId);
      await new Promise((r) => setTimeout(r, 100));
      for (let i = 0; i < 50; i++) assert.equal((await verifier.verify(user.accessToken)).userId, user.userId);
      assert.equal(asked, 2); // one failed background refresh, then the cooldown
      // A verifier that never got a key set says so (the middleware answers 503, not 401).
      const never = new TokenVerifier({ issuer: URL, tenantId: TENANT_ID, jwksUrl });
      await assert.rejects(never.verify(user.accessToken), refusedWith("keys_unavailable"));
      await assert.rejects(never.verify(user.accessToken), refusedWith("keys_unavailable"));
      assert.equal(asked, 3);
    } finally {
      server.close();
    }
  });

  it("refuses an expired token, within a small leeway, and a token of another issuer", async () => {
    const user = await signUp();
    const exp = decodeJwt(user.accessToken).exp!;
    const at = (seconds: number) => () => new Date(seconds * 1000);
    await assert.rejects(
      new TokenVerifier({ issuer: URL, tenantId: TENANT_ID, now: at(exp + 60) }).verify(user.accessToken),
      refusedWith("token_expired"),
    );
    const lenient = new TokenVerifier({ issuer: URL, tenantId: TENANT_ID, now: at(exp + 3) });
    assert.equal((await lenient.verify(user.accessToken)).userId, user.userId);
    await assert.rejects(
      new TokenVerifier({ issuer: "https://elsewhere.example.com", apiUrl: URL, tenantId: TENANT_ID }).verify(user.accessToken),
      refusedWith("token_invalid"),
    );
    // An unset setting is an error, not a check skipped.
    assert.throws(() => new TokenVerifier({ issuer: process.env.IDENTITY_NOT_SET!, tenantId: TENANT_ID }), TypeError);
    assert.throws(() => new TokenVerifier({ issuer: URL, tenantId: "" }), TypeError);
  });

  it("with the revocation check on, refuses a session revoked through the API", async () => {
    const user = await signUp();
    const counted = countingFetch();
    const verifier = new TokenVerifier({
      issuer: URL, tenantId: TENANT_ID, secretKey: SECRET_KEY, checkRevocation: { cacheSeconds: 5 }, fetch: counted.fetch,
    });
    await verifier.verify(user.accessToken);
    await verifier.verify(user.accessToken);
    assert.equal(counted.calls.filter((c) => c === "POST /v1/sessions/verify").length, 1); // cached
    await backend.delete("/v1/sessions/{id}", { path: { id: user.sessionId } });
    const fresh = new TokenVerifier({ issuer: URL, tenantId: TENANT_ID, secretKey: SECRET_KEY, checkRevocation: true });
    await assert.rejects(fresh.verify(user.accessToken), refusedWith("token_revoked"));
    // Without the check, the token stays valid until it expires (local verification only).
    assert.equal((await new TokenVerifier({ issuer: URL, tenantId: TENANT_ID }).verify(user.accessToken)).userId, user.userId);
  });
});
