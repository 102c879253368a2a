from enum import StrEnum

class GetV1TenantsStatus(StrEnum):
    ACTIVE = "active"
    DELETED = "deleted"
    SUSPENDED = "suspended"

    def __str__(self) -> str:
        return str(self.value)
