from enum import StrEnum

class GetV1UsersStatus(StrEnum):
    ACTIVE = "active"
    BANNED = "banned"
    DISABLED = "disabled"

    def __str__(self) -> str:
        return str(self.value)
