/** @identity/sdk: the client, token verification, the revocation feed, middleware and webhooks. */

export type { components, operations, paths } from "./generated/openapi.js";
export { IdentityClient } from "./client.js";
export type { ClientOptions, HttpMethod, ItemOf, ListPaths, Operation, PathsWith, RequestOptions, ResponseOf } from "./client.js";
export {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  IdentityError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TokenVerificationError,
  ValidationError,
  WebhookVerificationError,
} from "./errors.js";
export type { ErrorBody, TokenErrorCode, WebhookErrorCode } from "./errors.js";
export { TokenVerifier, verifySessionToken } from "./verify.js";
export type { AuthContext, RevocationFeedSettings, SessionClaims, VerifierOptions } from "./verify.js";
export { RevocationFeed } from "./feed.js";
export type { Revocation, RevocationFeedOptions } from "./feed.js";
export { requireAuth } from "./express.js";
export type { ExpressAuthOptions } from "./express.js";
export { withAuth } from "./next.js";
export type { AuthedHandler } from "./next.js";
export { standardKey, verifyServiceSignature, verifyWebhook } from "./webhooks.js";
export type { WebhookEvent, WebhookOptions } from "./webhooks.js";
export { bearerToken, refusal } from "./http.js";
export type { Refusal } from "./http.js";
