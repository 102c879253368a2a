// Local verification against the real service's keys, and the hostile tokens it must refuse.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair } from "jose";

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
    const verifier = new TokenVerifier({ issuer: URL, tenantId: TENANT_ID, fetch: counted.fetch });
    await assert.rejects(verifier.verify(forged), refusedWith("token_invalid"));
    await assert.rejects(verifier.verify(forged), refusedWith("token_invalid"));
    assert.ok(counted.calls.length <= 2, counted.calls.join(", "));
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
    const hs = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", kid }).sign(new TextEncoder().encode("x".repeat(32)));
    await assert.rejects(verifier.verify(hs), refusedWith("token_invalid"));
    const { privateKey } = await generateKeyPair("RS256");
    const rs = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid }).sign(privateKey);
    await assert.rejects(verifier.verify(rs), refusedWith("token_invalid"));
    const [head, , signature] = user.accessToken.split(".");
    const tampered = `${head}.${b64({ ...claims, sub: "usr_someone_else" })}.${signature}`;
    await assert.rejects(verifier.verify(tampered), refusedWith("token_invalid"));
    await assert.rejects(verifier.verify("not a token"), refusedWith("token_malformed"));
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
