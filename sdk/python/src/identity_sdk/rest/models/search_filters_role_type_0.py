from enum import StrEnum

class SearchFiltersRoleType0(StrEnum):
    ADMIN = "admin"
    MEMBER = "member"

    def __str__(self) -> str:
        return str(self.value)
