from enum import StrEnum

class RevocationKind(StrEnum):
    SESSION = "session"
    SIGNING_KEY = "signing_key"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
