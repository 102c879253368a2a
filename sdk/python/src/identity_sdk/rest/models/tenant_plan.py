from enum import StrEnum

class TenantPlan(StrEnum):
    ENTERPRISE = "enterprise"
    FREE = "free"
    PRO = "pro"
    STARTER = "starter"

    def __str__(self) -> str:
        return str(self.value)
