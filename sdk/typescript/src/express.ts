/** Express (and Connect-style) middleware: verifies the bearer token, puts the AuthContext on
 * `req.auth`, and answers 401 in the service's error shape otherwise. No dependency on express:
 * it needs only `req.headers`, `res.statusCode`, `res.setHeader()` and `res.end()`. */

import { MissingTokenError, authenticate, refusal } from "./http.js";
import type { AuthContext, TokenVerifier } from "./verify.js";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      auth?: AuthContext;
    }
  }
}

interface IncomingLike {
  headers: Record<string, string | string[] | undefined>;
  auth?: AuthContext;
}

interface OutgoingLike {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body?: string): unknown;
}

export interface ExpressAuthOptions {
  /** Let requests without a token through (req.auth stays undefined); a bad token is still 401. */
  optional?: boolean;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `app.use(requireAuth(verifier))` or per route: `app.get("/me", requireAuth(verifier), handler)`. */
export function requireAuth(verifier: TokenVerifier, options: ExpressAuthOptions = {}) {
  return (req: IncomingLike, res: OutgoingLike, next: (error?: unknown) => void): void => {
    authenticate(verifier, first(req.headers.authorization)).then(
      (auth) => {
        req.auth = auth;
        next();
      },
      (error: unknown) => {
        if (options.optional && error instanceof MissingTokenError) return next();
        const answer = refusal(error, first(req.headers["x-request-id"]));
        if (!answer) return next(error);
        res.statusCode = answer.status;
        for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
        res.end(JSON.stringify(answer.body));
      },
    );
  };
}
