from enum import StrEnum

class GetV1UsersSort(StrEnum):
    CREATED_AT = "created_at"
    EMAIL = "email"
    LAST_SIGN_IN_AT = "last_sign_in_at"

    def __str__(self) -> str:
        return str(self.value)
