// What every test file shares: the service's address and credentials (set by
// tests/test_sdk_typescript.py), a fetch that counts its calls, users made through the API.
import { randomUUID } from "node:crypto";

import { IdentityClient } from "@identity/sdk";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run these tests through tests/test_sdk_typescript.py`);
  return value;
}

export const URL = required("IDENTITY_URL");
export const TENANT_ID = required("IDENTITY_TENANT_ID");
export const SECRET_KEY = required("IDENTITY_SECRET_KEY");
export const PUBLISHABLE_KEY = required("IDENTITY_PUBLISHABLE_KEY");
export const MASTER_KEY = required("IDENTITY_MASTER_KEY");
export const PASSWORD = "correct horse battery staple 42";

export const backend = new IdentityClient({ baseUrl: URL, tenantId: TENANT_ID, key: SECRET_KEY });
export const frontend = new IdentityClient({ baseUrl: URL, tenantId: TENANT_ID, key: PUBLISHABLE_KEY });

export interface Counted {
  fetch: typeof fetch;
  calls: string[];
}

/** A fetch that records "METHOD path" of every call, then makes it. */
export function countingFetch(): Counted {
  const calls: string[] = [];
  const counted = (async (input: RequestInfo | globalThis.URL, init?: RequestInit) => {
    const url = new globalThis.URL(input instanceof Request ? input.url : String(input));
    calls.push(`${init?.method ?? "GET"} ${url.pathname}`);
    return fetch(input, init);
  }) as typeof fetch;
  return { fetch: counted, calls };
}

export function email(): string {
  return `ts-${randomUUID().slice(0, 12)}@example.com`;
}

export interface SignedIn {
  userId: string;
  sessionId: string;
  accessToken: string;
  email: string;
}

/** Signs a new user up in the tenant of `client` (a publishable-key client). */
export async function signUp(client: IdentityClient = frontend): Promise<SignedIn> {
  const address = email();
  const result = await client.post("/v1/auth/sign-up", { body: { email: address, password: PASSWORD } });
  return { userId: result.user.id, sessionId: result.session.id, accessToken: result.session.access_token, email: address };
}

/** A second tenant of the same service, with its publishable key. */
export async function otherTenant(): Promise<{ id: string; frontend: IdentityClient }> {
  const control = new IdentityClient({ baseUrl: URL, key: MASTER_KEY });
  const created = await control.post("/v1/tenants", {
    body: { name: `Other ${randomUUID().slice(0, 8)}`, auth_config: { email_verification_required: false } },
  });
  return {
    id: created.id,
    frontend: new IdentityClient({ baseUrl: URL, tenantId: created.id, key: created.publishable_key }),
  };
}
