from enum import StrEnum

class ConfigTestResultProvider(StrEnum):
    SERVICE = "service"
    SMTP = "smtp"

    def __str__(self) -> str:
        return str(self.value)
