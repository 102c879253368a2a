from enum import StrEnum

class GetV1ApiKeysType(StrEnum):
    PUBLISHABLE = "publishable"
    SECRET = "secret"

    def __str__(self) -> str:
        return str(self.value)
