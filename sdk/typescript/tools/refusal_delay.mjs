// The delay from revoking a session through the API to the first refusal by the SDK's verifier
// with the revocation feed on: for each of N users, DELETE /v1/sessions/{id}, then verify the
// session's token until it is refused. Prints one JSON object (milliseconds, counted from the
// DELETE's response and from its sending). Run by ops/bench/sdk_refusal_delay.py; needs the
// build (node tools/build.mjs). Env: IDENTITY_URL, IDENTITY_TENANT_ID, IDENTITY_SECRET_KEY,
// IDENTITY_PUBLISHABLE_KEY, N.
import { IdentityClient, TokenVerifier } from "@identity/sdk";

const url = process.env.IDENTITY_URL;
const tenantId = process.env.IDENTITY_TENANT_ID;
const n = Number(process.env.N ?? 50);
const frontend = new IdentityClient({ baseUrl: url, tenantId, key: process.env.IDENTITY_PUBLISHABLE_KEY });
const backend = new IdentityClient({ baseUrl: url, tenantId, key: process.env.IDENTITY_SECRET_KEY });
// The service's tokens name its IDENTITY_PUBLIC_URL, which need not be the address used here:
// the tenant's OpenID issuer is that URL + /oauth/{tenant}.
const discovery = await (await fetch(`${url}/oauth/${tenantId}/.well-known/openid-configuration`)).json();
const issuer = discovery.issuer.slice(0, -`/oauth/${tenantId}`.length);
const verifier = new TokenVerifier({ issuer, apiUrl: url, tenantId, secretKey: process.env.IDENTITY_SECRET_KEY, revocationFeed: true });

const users = [];
for (let i = 0; i < n; i++) {
  const { session } = await frontend.post("/v1/auth/sign-up", {
    body: { email: `refusal-${i}-${Date.now()}@example.com`, password: "correct horse battery staple 42" },
  });
  users.push(session);
}
await verifier.start();
const fromResponse = [];
const fromRequest = [];
for (const session of users) {
  await verifier.verify(session.access_token);
  const sent = performance.now();
  await backend.delete("/v1/sessions/{id}", { path: { id: session.id } });
  const answered = performance.now();
  for (;;) {
    const refused = await verifier.verify(session.access_token).then(() => false, () => true);
    if (refused) break;
    if (performance.now() - sent > 10_000) throw new Error(`${session.id} still accepted after 10 s`);
    await new Promise((resolve) => setImmediate(resolve)); // let the stream be read
  }
  const at = performance.now();
  fromResponse.push(at - answered);
  fromRequest.push(at - sent);
}
await verifier.close();

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.round((p / 100) * (sorted.length - 1)))] * 100) / 100;
};
console.log(JSON.stringify({
  revocations: n,
  after_response_p50_ms: pct(fromResponse, 50),
  after_response_p99_ms: pct(fromResponse, 99),
  after_response_max_ms: pct(fromResponse, 100),
  after_request_p50_ms: pct(fromRequest, 50),
  after_request_p99_ms: pct(fromRequest, 99),
}));
