from enum import StrEnum

class TenantCreatedStatus(StrEnum):
    ACTIVE = "active"
    DELETED = "deleted"
    SUSPENDED = "suspended"

    def __str__(self) -> str:
        return str(self.value)
