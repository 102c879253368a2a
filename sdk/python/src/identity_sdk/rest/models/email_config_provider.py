from enum import StrEnum

class EmailConfigProvider(StrEnum):
    SERVICE = "service"
    SMTP = "smtp"

    def __str__(self) -> str:
        return str(self.value)
