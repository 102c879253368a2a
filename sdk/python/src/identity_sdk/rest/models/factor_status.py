from enum import StrEnum

class FactorStatus(StrEnum):
    ACTIVE = "active"
    DISABLED = "disabled"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
