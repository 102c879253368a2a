from enum import StrEnum

class GetCpV1TenantsPlan(StrEnum):
    ENTERPRISE = "enterprise"
    FREE = "free"
    PRO = "pro"
    STARTER = "starter"

    def __str__(self) -> str:
        return str(self.value)
