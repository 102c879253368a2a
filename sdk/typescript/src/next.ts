/** A helper for Next.js route handlers (app router) and any other framework built on the Fetch
 * API's Request and Response: `export const GET = withAuth(verifier, async (request, auth) => ...)`. */

import { authenticate, refusal } from "./http.js";
import type { AuthContext, TokenVerifier } from "./verify.js";

export type AuthedHandler<C> = (request: Request, auth: AuthContext, context: C) => Response | Promise<Response>;

export function withAuth<C = unknown>(verifier: TokenVerifier, handler: AuthedHandler<C>) {
  return async (request: Request, context: C): Promise<Response> => {
    let auth: AuthContext;
    try {
      auth = await authenticate(verifier, request.headers.get("Authorization"));
    } catch (error) {
      const answer = refusal(error, request.headers.get("X-Request-ID"));
      if (!answer) throw error;
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
    }
    return handler(request, auth, context);
  };
}
