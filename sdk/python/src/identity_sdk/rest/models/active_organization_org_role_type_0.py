from enum import StrEnum

class ActiveOrganizationOrgRoleType0(StrEnum):
    ADMIN = "admin"
    MEMBER = "member"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
