from enum import StrEnum

class BotProtectionProvider(StrEnum):
    HCAPTCHA = "hcaptcha"
    RECAPTCHA = "recaptcha"
    TURNSTILE = "turnstile"

    def __str__(self) -> str:
        return str(self.value)
