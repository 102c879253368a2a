from enum import StrEnum

class ConfigTestResultDelivery(StrEnum):
    FAILED = "failed"
    SENT = "sent"
    STORED = "stored"

    def __str__(self) -> str:
        return str(self.value)
