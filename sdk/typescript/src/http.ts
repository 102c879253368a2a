/** What the middlewares share: reading the bearer token, and the answer to a refused request in
 * the service's error shape. */

import { TokenVerificationError, type ErrorBody } from "./errors.js";
import type { AuthContext, TokenVerifier } from "./verify.js";

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  const match = /^Bearer[ ]+([^ ]+)[ ]*$/i.exec(authorization ?? "");
  return match?.[1];
}

/** The incoming X-Request-ID when it looks like one, else a new `req_` id. */
export function requestIdFrom(value: string | null | undefined): string {
  if (value && /^[A-Za-z0-9_.:-]{1,128}$/.test(value)) return value;
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(10));
  return "req_" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class MissingTokenError extends Error {
  constructor() {
    super("Send an access token: Authorization: Bearer <token>.");
    this.name = "MissingTokenError";
  }
}

/** Verifies the request's bearer token; throws TokenVerificationError or MissingTokenError. */
export async function authenticate(verifier: TokenVerifier, authorization: string | null | undefined): Promise<AuthContext> {
  const token = bearerToken(authorization);
  if (!token) throw new MissingTokenError();
  return verifier.verify(token);
}

export interface Refusal {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody;
}

// The verifier could not decide (keys or revocations out of reach): not the client's fault, and
// a 401 would send it to sign in again for nothing.
const UNAVAILABLE = new Set(["keys_unavailable", "revocation_unavailable"]);

/** The answer to a refused request, or undefined for an error that is not a refusal (rethrow it).
 * 401 `unauthenticated` (`reason`: `token_missing` or the TokenVerificationError's code) with
 * `WWW-Authenticate`; 503 `service_unavailable` with `Retry-After: 1` when the verifier could not
 * reach the key set or the revocations. */
export function refusal(error: unknown, incomingRequestId: string | null | undefined): Refusal | undefined {
  if (!(error instanceof TokenVerificationError || error instanceof MissingTokenError)) return undefined;
  const requestId = requestIdFrom(incomingRequestId);
  const reason = error instanceof TokenVerificationError ? error.code : "token_missing";
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Request-ID": requestId };
  if (UNAVAILABLE.has(reason)) {
    headers["Retry-After"] = "1";
    return {
      status: 503, headers,
      body: { error: { code: "service_unavailable", message: error.message, status: 503, request_id: requestId, reason } },
    };
  }
  headers["WWW-Authenticate"] = 'Bearer error="invalid_token"';
  return {
    status: 401, headers,
    body: { error: { code: "unauthenticated", message: error.message, status: 401, request_id: requestId, reason } },
  };
}
