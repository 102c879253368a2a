from enum import StrEnum

class ClientType(StrEnum):
    MACHINE = "machine"
    NATIVE = "native"
    SPA = "spa"
    WEB = "web"

    def __str__(self) -> str:
        return str(self.value)
