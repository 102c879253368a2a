from enum import StrEnum

class CreateKeyScopesItem(StrEnum):
    AUDIT_LOGSREAD = "audit-logs:read"
    ORGANIZATIONSREAD = "organizations:read"
    ORGANIZATIONSWRITE = "organizations:write"
    SESSIONSREAD = "sessions:read"
    SESSIONSWRITE = "sessions:write"
    USERSREAD = "users:read"
    USERSWRITE = "users:write"
    VALUE_0 = "*"
    WEBHOOKSREAD = "webhooks:read"
    WEBHOOKSWRITE = "webhooks:write"

    def __str__(self) -> str:
        return str(self.value)
