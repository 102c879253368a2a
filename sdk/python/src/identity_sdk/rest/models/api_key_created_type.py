from enum import StrEnum

class ApiKeyCreatedType(StrEnum):
    PUBLISHABLE = "publishable"
    SECRET = "secret"

    def __str__(self) -> str:
        return str(self.value)
