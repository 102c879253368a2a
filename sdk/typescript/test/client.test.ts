// The client against the real service: typed calls, typed errors, pagination, Idempotency-Key
// retries, and the CommonJS build.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";

import { AuthenticationError, IdentityClient, IdentityError, NotFoundError, ValidationError } from "@identity/sdk";

import { PASSWORD, PUBLISHABLE_KEY, SECRET_KEY, TENANT_ID, URL, backend, email, frontend, signUp } from "./env.js";

describe("IdentityClient", () => {
  it("signs up, signs in and reads /v1/auth/me with the user's access token", async () => {
    const address = email();
    const created = await frontend.post("/v1/auth/sign-up", { body: { email: address, password: PASSWORD } });
    const signedIn = await frontend.post("/v1/auth/sign-in", { body: { email: address, password: PASSWORD } });
    const me = await frontend.withKey(signedIn.session.access_token).get("/v1/auth/me");
    assert.equal(me.id, created.user.id);
    assert.equal(me.email, address);
  });

  it("throws typed errors carrying the service's code, status and request id", async () => {
    await assert.rejects(
      frontend.post("/v1/auth/sign-in", { body: { email: email(), password: "wrong password 123" } }),
      (error: unknown) => {
        assert.ok(error instanceof AuthenticationError && error instanceof IdentityError);
        assert.equal(error.status, 401);
        assert.equal(error.code, "invalid_credentials");
        assert.match(error.requestId ?? "", /^req_/);
        return true;
      },
    );
    await assert.rejects(backend.get("/v1/users/{id}", { path: { id: "usr_unknown" } }), (error: unknown) => {
      assert.ok(error instanceof NotFoundError);
      assert.equal(error.code, "user_not_found");
      return true;
    });
    await assert.rejects(
      backend.post("/v1/users", { body: { email: email(), pasword: "typo" } as never }),
      (error: unknown) => {
        assert.ok(error instanceof ValidationError);
        assert.equal(error.code, "validation_error");
        assert.ok(error.details && error.details.length > 0);
        return true;
      },
    );
  });

  it("iterates every page of a list", async () => {
    const marker = randomUUID().slice(0, 8);
    const made = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const user = await backend.post("/v1/users", { body: { email: `page-${marker}-${i}@example.com` } });
      made.add(user.id);
    }
    const seen: string[] = [];
    for await (const user of backend.paginate("/v1/users", { query: { limit: 2, q: `page-${marker}` } })) {
      seen.push(user.id);
    }
    assert.deepEqual(new Set(seen), made);
    assert.equal(seen.length, 5);
  });

  it("retries a mutating call with the same Idempotency-Key, so it happens once", async () => {
    const keys: (string | null)[] = [];
    let failed = false;
    // The first answer is lost on the way back (the request did reach the service).
    const flaky = (async (input: RequestInfo | globalThis.URL, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get("Idempotency-Key"));
      const response = await fetch(input, init);
      if (!failed) {
        failed = true;
        throw new TypeError("fetch failed: connection reset");
      }
      return response;
    }) as typeof fetch;
    const client = new IdentityClient({ baseUrl: URL, tenantId: TENANT_ID, key: SECRET_KEY, fetch: flaky });
    const address = email();
    const user = await client.post("/v1/users", { body: { email: address } });
    assert.equal(keys.length, 2);
    assert.ok(keys[0] && keys[0] === keys[1]);
    const found = [];
    for await (const one of backend.paginate("/v1/users", { query: { email: address } })) found.push(one.id);
    assert.deepEqual(found, [user.id]);
  });

  it("retries 503 and 429 and gives up after maxRetries", async () => {
    let calls = 0;
    const busy = (async () => {
      calls++;
      return new Response(JSON.stringify({ error: { code: "service_unavailable", message: "busy", status: 503, request_id: "req_x" } }), {
        status: 503, headers: { "Content-Type": "application/json", "Retry-After": "0" },
      });
    }) as typeof fetch;
    const client = new IdentityClient({ baseUrl: URL, tenantId: TENANT_ID, key: SECRET_KEY, fetch: busy, maxRetries: 2 });
    await assert.rejects(client.get("/v1/users"), (error: unknown) => {
      assert.ok(error instanceof IdentityError);
      assert.equal(error.status, 503);
      assert.equal(error.code, "service_unavailable");
      return true;
    });
    assert.equal(calls, 3);
  });

  it("works from the CommonJS build", async () => {
    const require = createRequire(import.meta.url);
    const cjs = require("@identity/sdk") as typeof import("@identity/sdk");
    const client = new cjs.IdentityClient({ baseUrl: URL, tenantId: TENANT_ID, key: PUBLISHABLE_KEY });
    const user = await signUp(client as unknown as IdentityClient);
    const verifier = new cjs.TokenVerifier({ issuer: URL, tenantId: TENANT_ID });
    assert.equal((await verifier.verify(user.accessToken)).userId, user.userId);
    assert.ok(require.resolve("@identity/sdk").includes("/dist/cjs/"));
  });
});
