/** Local verification of the service's session access tokens: ES256 only, the key by its kid from
 * the service's JWKS (cached), iss = the service, aud = tid = your tenant, exp/iat with a small
 * leeway; optionally a revocation check, either online (POST /v1/sessions/verify, answers cached
 * briefly) or from the revocation feed's deny list (no call per token). */

import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from "jose";

import { IdentityError, TokenVerificationError } from "./errors.js";
import { RevocationFeed } from "./feed.js";
import { RemoteKeySet } from "./jwks.js";

export interface RevocationFeedSettings {
  /** How long the deny list counts as current after the stream dropped (seconds, default 30). */
  graceSeconds?: number;
  /** Past the grace: refuse every token (`fail-closed`, the default) or ask the service about
   * each one (`verify-online`, POST /v1/sessions/verify, cached briefly). */
  whenUnavailable?: "fail-closed" | "verify-online";
  /** With `verify-online`: how long an answer is kept (seconds, default 5). */
  onlineCacheSeconds?: number;
  onError?: (error: unknown) => void;
}

export interface VerifierOptions {
  /** The service's address: its tokens' `iss` (IDENTITY_PUBLIC_URL). */
  issuer: string;
  /** `tnt_...`: the only audience accepted. */
  tenantId: string;
  /** Where to call the service, when not at `issuer` (e.g. an internal address). */
  apiUrl?: string;
  /** Default `{apiUrl}/.well-known/jwks.json`. */
  jwksUrl?: string;
  /** Least time between two key-set fetches for unknown kids, and after a failed fetch (seconds, default 5). */
  jwksCooldownSeconds?: number;
  /** Leeway for exp/iat against clock skew (seconds, default 5). */
  clockToleranceSeconds?: number;
  fetch?: typeof fetch;
  /** The current time (default the system clock): for replaying old tokens in tests. */
  now?: () => Date;
  /** A secret key (scope sessions:read): needed by the revocation check and the feed. */
  secretKey?: string;
  /** Ask POST /v1/sessions/verify about every token; answers are kept `cacheSeconds` (default 5). */
  checkRevocation?: boolean | { cacheSeconds?: number };
  /** Keep a deny list from GET /v1/revocations/stream (call `start()` to wait for it). */
  revocationFeed?: boolean | RevocationFeedSettings;
}

/** The claims of a session access token (docs/auth.md). */
export interface SessionClaims extends JWTPayload {
  sub: string;
  sid: string;
  tid: string;
  aud: string;
  iss: string;
  iat: number;
  exp: number;
  role?: string | null;
  org_id?: string | null;
  org_role?: string | null;
  mfa_verified?: boolean;
  public_metadata?: Record<string, unknown>;
  act?: Record<string, unknown>;
}

/** Who a verified token speaks for: what the middlewares put on the request. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  tenantId: string;
  role: string | null;
  orgId: string | null;
  orgRole: string | null;
  claims: SessionClaims;
}

const ONLINE_CACHE_LIMIT = 10_000;

export class TokenVerifier {
  readonly issuer: string;
  readonly tenantId: string;
  readonly feed: RevocationFeed | undefined;
  private readonly apiUrl: string;
  private readonly keys: RemoteKeySet;
  private readonly tolerance: number;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => Date;
  private readonly secretKey: string | undefined;
  private readonly onlineSeconds: number | undefined;
  private readonly whenUnavailable: "fail-closed" | "verify-online";
  private readonly fallbackSeconds: number;
  private readonly online = new Map<string, { valid: boolean; until: number }>();

  constructor(options: VerifierOptions) {
    // An unset environment variable must not turn a check off (jose skips an undefined issuer).
    for (const name of ["issuer", "tenantId"] as const) {
      if (typeof options[name] !== "string" || options[name].length === 0) {
        throw new TypeError(`TokenVerifier: ${name} is required`);
      }
    }
    this.issuer = options.issuer;
    this.tenantId = options.tenantId;
    this.apiUrl = (options.apiUrl ?? options.issuer).replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.tolerance = options.clockToleranceSeconds ?? 5;
    this.now = options.now ?? (() => new Date());
    this.secretKey = options.secretKey;
    this.keys = new RemoteKeySet({
      url: options.jwksUrl ?? `${this.apiUrl}/.well-known/jwks.json`, fetch: this.fetchImpl,
      cooldownSeconds: options.jwksCooldownSeconds,
    });
    const check = options.checkRevocation;
    this.onlineSeconds = check ? (typeof check === "object" ? check.cacheSeconds ?? 5 : 5) : undefined;
    const feed = options.revocationFeed;
    const settings: RevocationFeedSettings = typeof feed === "object" ? feed : {};
    this.whenUnavailable = settings.whenUnavailable ?? "fail-closed";
    this.fallbackSeconds = settings.onlineCacheSeconds ?? 5;
    if ((check || feed) && !options.secretKey) {
      throw new TypeError("checkRevocation and revocationFeed need a secretKey (scope sessions:read)");
    }
    this.feed = feed
      ? new RevocationFeed({
          baseUrl: this.apiUrl, tenantId: this.tenantId, secretKey: options.secretKey!, fetch: this.fetchImpl,
          ...(settings.graceSeconds !== undefined ? { graceSeconds: settings.graceSeconds } : {}),
          ...(settings.onError ? { onError: settings.onError } : {}),
        })
      : undefined;
  }

  /** Fetches the key set and, with the feed on, waits for its replay. Optional: the first
   * verification does the same work lazily (the feed is then not current until it is ready). */
  async start(): Promise<void> {
    await Promise.all([this.keys.refresh(), this.feed?.start()]);
  }

  /** Stops the feed. */
  async close(): Promise<void> {
    await this.feed?.close();
  }

  /** Verifies a token; throws TokenVerificationError (with a `code`) when it is refused. */
  async verify(token: string): Promise<AuthContext> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch (cause) {
      throw new TokenVerificationError("token_malformed", "The token is not a JWS.", { cause });
    }
    let claims: SessionClaims;
    const now = this.now();
    try {
      const result = await jwtVerify(token, this.keys.getKey, {
        algorithms: ["ES256"],
        issuer: this.issuer,
        audience: this.tenantId,
        clockTolerance: this.tolerance,
        currentDate: now,
        requiredClaims: ["exp", "iat", "sub", "sid", "tid", "aud"],
      });
      claims = result.payload as SessionClaims;
    } catch (cause) {
      if (cause instanceof errors.JWTExpired) {
        throw new TokenVerificationError("token_expired", "The token has expired.", { cause });
      }
      if (cause instanceof errors.JWTClaimValidationFailed) {
        throw new TokenVerificationError("token_invalid", `The token's ${cause.claim} claim is not valid (${cause.reason}).`, { cause });
      }
      if (cause instanceof errors.JOSEError) {
        throw new TokenVerificationError("token_invalid", `The token is not valid: ${cause.code}.`, { cause });
      }
      // Not jose's verdict: the key set could not be fetched (the resolver's own error).
      throw new TokenVerificationError("keys_unavailable", "The service's key set could not be fetched.", { cause });
    }
    // aud is a string for these tokens, and tid must name the same tenant (docs/auth.md).
    if (claims.aud !== this.tenantId || claims.tid !== this.tenantId || typeof claims.sid !== "string") {
      throw new TokenVerificationError("token_invalid", "The token is not one of this tenant's.");
    }
    if (claims.iat > now.getTime() / 1000 + this.tolerance) {
      throw new TokenVerificationError("token_invalid", "The token was issued in the future.");
    }
    if (this.feed) {
      if (this.feed.current) {
        if (this.feed.isRevoked({ sid: claims.sid, sub: claims.sub, iat: claims.iat, kid })) {
          throw new TokenVerificationError("token_revoked", "The session has been revoked.");
        }
      } else {
        void this.feed.start().catch(() => undefined); // no-op while it is (re)connecting already
        if (this.whenUnavailable !== "verify-online") {
          throw new TokenVerificationError("revocation_unavailable", "The revocation feed is not connected.");
        }
        await this.checkOnline(token, this.fallbackSeconds);
      }
    }
    if (this.onlineSeconds !== undefined) await this.checkOnline(token, this.onlineSeconds);
    return {
      userId: claims.sub,
      sessionId: claims.sid,
      tenantId: claims.tid,
      role: claims.role ?? null,
      orgId: claims.org_id ?? null,
      orgRole: claims.org_role ?? null,
      claims,
    };
  }

  private async checkOnline(token: string, cacheSeconds: number): Promise<void> {
    const now = Date.now();
    let known = this.online.get(token);
    if (!known || known.until <= now) {
      const response = await this.fetchImpl(`${this.apiUrl}/v1/sessions/verify`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${this.secretKey}`,
          "X-Tenant-ID": this.tenantId,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ token }),
        signal: AbortSignal.timeout(10_000),
      }).catch((cause: unknown) => {
        throw new TokenVerificationError("revocation_unavailable", "The service could not be asked about the session.", { cause });
      });
      if (!response.ok) {
        const text = await response.text();
        throw new TokenVerificationError("revocation_unavailable", `The session check failed: HTTP ${response.status}.`, {
          cause: new IdentityError(response.status, "http_error", text),
        });
      }
      const answer = (await response.json()) as { valid?: boolean };
      if (this.online.size >= ONLINE_CACHE_LIMIT) this.online.clear();
      known = { valid: answer.valid === true, until: now + cacheSeconds * 1000 };
      this.online.set(token, known);
    }
    if (!known.valid) throw new TokenVerificationError("token_revoked", "The session is no longer valid.");
  }
}

const DEFAULT_FETCH = {};
const shared = new WeakMap<object, Map<string, TokenVerifier>>();

/** Verifies one token with a verifier kept per (fetch, issuer, tenant, addresses), so the key set
 * is fetched once, not per call. For the revocation check or feed, keep a TokenVerifier yourself. */
export function verifySessionToken(
  token: string,
  options: Pick<VerifierOptions, "issuer" | "tenantId" | "apiUrl" | "jwksUrl" | "clockToleranceSeconds" | "fetch" | "now">,
): Promise<AuthContext> {
  if (options.now) return new TokenVerifier(options).verify(token);
  const owner = options.fetch ?? DEFAULT_FETCH;
  let verifiers = shared.get(owner);
  if (!verifiers) shared.set(owner, (verifiers = new Map()));
  const key = JSON.stringify([options.issuer, options.tenantId, options.apiUrl, options.jwksUrl, options.clockToleranceSeconds]);
  let verifier = verifiers.get(key);
  if (!verifier) verifiers.set(key, (verifier = new TokenVerifier(options)));
  return verifier.verify(token);
}
