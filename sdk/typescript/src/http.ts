/** What the middlewares share: reading the bearer token and the 401 in the service's error shape. */

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

/** The 401 body: `code` is always `unauthenticated` (as the service answers); `reason` says why. */
export function unauthenticatedBody(requestId: string, error: unknown): ErrorBody {
  const reason = error instanceof TokenVerificationError ? error.code : "token_missing";
  const message =
    reason === "token_missing" ? "Send an access token: Authorization: Bearer <token>." : (error as Error).message;
  return { error: { code: "unauthenticated", message, status: 401, request_id: requestId, reason } };
}

/** Verifies the request's bearer token; throws TokenVerificationError (or a missing-token error). */
export async function authenticate(verifier: TokenVerifier, authorization: string | null | undefined): Promise<AuthContext> {
  const token = bearerToken(authorization);
  if (!token) throw new MissingTokenError();
  return verifier.verify(token);
}

export class MissingTokenError extends Error {
  constructor() {
    super("No bearer token.");
    this.name = "MissingTokenError";
  }
}

export const CHALLENGE = 'Bearer error="invalid_token"';
