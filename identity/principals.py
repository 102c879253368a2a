"""Who is calling, and in which tenant: the records every feature reads from a request.

Credential kinds are named here; identity/http/auth.py resolves a request's bearer credential
into a Principal (docs/api-conventions.md, "Credentials").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MASTER = "master"
SECRET = "secret"
PUBLISHABLE = "publishable"
ACCESS_TOKEN = "access_token"
CP_ADMIN = "cp_admin"
ADMIN_TOKEN = "admin_token"


@dataclass
class Tenant:
    id: str
    status: str
    plan: str
    auth_config: dict[str, Any]
    rate_limits: dict[str, Any] | None = None


@dataclass
class Principal:
    kind: str
    tenant: Tenant | None = None
    key_id: str | None = None
    scopes: frozenset[str] = frozenset({"*"})
    user_id: str | None = None
    session_id: str | None = None
    email: str | None = None
    claims: dict[str, Any] = field(default_factory=dict)

    @property
    def tenant_id(self) -> str | None:
        return self.tenant.id if self.tenant else None

    def actor(self) -> dict[str, Any]:
        """The audit log's actor object."""
        if self.kind == SECRET:
            return {"id": self.key_id, "email": None, "type": "api_key"}
        if self.kind == MASTER:
            return {"id": self.key_id or "master", "email": None, "type": "master_key"}
        if self.kind == CP_ADMIN:
            return {"id": "cp_admin", "email": None, "type": "cp_admin"}
        if self.kind == ADMIN_TOKEN:
            return {"id": "admin", "email": None, "type": "admin_token"}
        actor: dict[str, Any] = {"id": self.user_id, "email": self.email, "type": "user"}
        act = self.claims.get("act")
        if isinstance(act, dict) and act.get("sub"):
            actor["impersonated_by"] = act["sub"]
        return actor

    def has_scope(self, scope: str) -> bool:
        if "*" in self.scopes or scope in self.scopes:
            return True
        # A write scope grants the matching read scope.
        if scope.endswith(":read"):
            return scope[: -len(":read")] + ":write" in self.scopes
        return False
