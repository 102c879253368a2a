from enum import StrEnum

class SearchFiltersStatusType0(StrEnum):
    ACTIVE = "active"
    BANNED = "banned"
    DISABLED = "disabled"

    def __str__(self) -> str:
        return str(self.value)
