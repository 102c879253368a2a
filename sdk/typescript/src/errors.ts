/** Errors the SDK throws: the service's own answers (IdentityError and its status classes) and
 * the local refusals of a token or a webhook. */

/** The service's error body: {"error": {"code", "message", "status", "request_id", ...}}. */
export interface ErrorBody {
  error: {
    code: string;
    message: string;
    status: number;
    request_id: string;
    details?: { field: string; message: string }[];
    [extra: string]: unknown;
  };
}

/** An error answer of the service (4xx/5xx), or a request that never got one (status 0). */
export class IdentityError extends Error {
  readonly code: string;
  readonly status: number;
  readonly requestId: string | undefined;
  readonly details: { field: string; message: string }[] | undefined;
  readonly body: unknown;

  constructor(status: number, code: string, message: string, requestId?: string, body?: unknown) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.body = body;
    const details = (body as ErrorBody | undefined)?.error?.details;
    this.details = Array.isArray(details) ? details : undefined;
  }
}

export class BadRequestError extends IdentityError {}
export class AuthenticationError extends IdentityError {}
export class PermissionDeniedError extends IdentityError {}
export class NotFoundError extends IdentityError {}
export class ConflictError extends IdentityError {}
export class ValidationError extends IdentityError {}
export class RateLimitError extends IdentityError {}
export class ServerError extends IdentityError {}
/** The request did not reach the service or no answer came back (status 0). */
export class ConnectionError extends IdentityError {}

/** The IdentityError subclass for an HTTP status. */
export function errorClassFor(status: number): typeof IdentityError {
  if (status === 0) return ConnectionError;
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionDeniedError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 422) return ValidationError;
  if (status === 429) return RateLimitError;
  if (status >= 500) return ServerError;
  return BadRequestError;
}

/** Builds the typed error from an answer's status and (possibly non-JSON) body text. */
export function errorFromResponse(status: number, text: string, requestId?: string | null): IdentityError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const err = (body as ErrorBody | undefined)?.error;
  const Class = errorClassFor(status);
  if (err && typeof err.code === "string") {
    return new Class(status, err.code, String(err.message ?? err.code), err.request_id ?? requestId ?? undefined, body);
  }
  return new Class(status, `http_${status}`, `HTTP ${status}`, requestId ?? undefined, text);
}

/** Why a token was refused: `token_malformed`, `token_invalid` (signature, algorithm, key,
 * issuer, audience or a missing claim), `token_expired`, `token_revoked`; or why it could not be
 * decided: `keys_unavailable` (the key set could not be fetched, and none is cached),
 * `revocation_unavailable` (the revocation feed is down past its grace and fails closed, or the
 * online check failed). */
export type TokenErrorCode =
  | "token_malformed"
  | "token_invalid"
  | "token_expired"
  | "token_revoked"
  | "keys_unavailable"
  | "revocation_unavailable";

export class TokenVerificationError extends Error {
  readonly code: TokenErrorCode;
  constructor(code: TokenErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TokenVerificationError";
    this.code = code;
  }
}

/** Why a webhook was refused: missing headers, a stale or future timestamp, a bad signature. */
export type WebhookErrorCode = "webhook_headers_missing" | "webhook_timestamp_stale" | "webhook_signature_invalid";

export class WebhookVerificationError extends Error {
  readonly code: WebhookErrorCode;
  constructor(code: WebhookErrorCode, message: string) {
    super(message);
    this.name = "WebhookVerificationError";
    this.code = code;
  }
}
