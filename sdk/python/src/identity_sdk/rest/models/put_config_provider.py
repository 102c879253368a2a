from enum import StrEnum

class PutConfigProvider(StrEnum):
    SERVICE = "service"
    SMTP = "smtp"

    def __str__(self) -> str:
        return str(self.value)
