"""identity-sdk: the Python SDK of the identity service.

- `IdentityClient` / `SyncIdentityClient`: the REST API (every operation of
  `identity_sdk.rest.api`, generated from the service's /openapi.json), typed errors, retries
  with an Idempotency-Key, pagination.
- `TokenVerifier` / `verify_session_token`: session tokens verified locally, with optional
  revocation checks (the service, or the revocation feed's deny list).
- `Webhook` / `verify_webhook`: signed webhook deliveries.
- `identity_sdk.middleware.{aiohttp,starlette,django}`: the verifier on every request.
"""

__version__ = "0.1.0"

from identity_sdk.client import IdentityClient, RetryPolicy, SyncIdentityClient  # noqa: E402
from identity_sdk.errors import (  # noqa: E402
    AuthenticationError,
    BadRequestError,
    ConflictError,
    ConnectionFailed,
    IdentityError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    TokenError,
    WebhookVerificationError,
)
from identity_sdk.tokens import Auth, TokenVerifier, verify_session_token  # noqa: E402
from identity_sdk.webhooks import Webhook, verify_webhook  # noqa: E402

__all__ = [
    "Auth",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "ConnectionFailed",
    "IdentityClient",
    "IdentityError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "RetryPolicy",
    "ServerError",
    "SyncIdentityClient",
    "TokenError",
    "TokenVerifier",
    "Webhook",
    "WebhookVerificationError",
    "__version__",
    "verify_session_token",
    "verify_webhook",
]
