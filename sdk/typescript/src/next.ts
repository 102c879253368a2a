/** A helper for Next.js route handlers (app router) and any other framework built on the Fetch
 * API's Request and Response: `export const GET = withAuth(verifier, async (request, auth) => ...)`. */

import { MissingTokenError, CHALLENGE, authenticate, requestIdFrom, unauthenticatedBody } from "./http.js";
import { TokenVerificationError } from "./errors.js";
import type { AuthContext, TokenVerifier } from "./verify.js";

export type AuthedHandler<C> = (request: Request, auth: AuthContext, context: C) => Response | Promise<Response>;

export function withAuth<C = unknown>(verifier: TokenVerifier, handler: AuthedHandler<C>) {
  return async (request: Request, context: C): Promise<Response> => {
    let auth: AuthContext;
    try {
      auth = await authenticate(verifier, request.headers.get("Authorization"));
    } catch (error) {
      if (!(error instanceof TokenVerificationError || error instanceof MissingTokenError)) throw error;
      const requestId = requestIdFrom(request.headers.get("X-Request-ID"));
      return new Response(JSON.stringify(unauthenticatedBody(requestId, error)), {
        status: 401,
        headers: { "Content-Type": "application/json", "WWW-Authenticate": CHALLENGE, "X-Request-ID": requestId },
      });
    }
    return handler(request, auth, context);
  };
}
