from enum import StrEnum

class TenantStatus(StrEnum):
    ACTIVE = "active"
    DELETED = "deleted"
    SUSPENDED = "suspended"

    def __str__(self) -> str:
        return str(self.value)
