from enum import StrEnum

class EnrollmentStatus(StrEnum):
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
