from enum import StrEnum

class BotProtectionPatchProvider(StrEnum):
    HCAPTCHA = "hcaptcha"
    RECAPTCHA = "recaptcha"
    TURNSTILE = "turnstile"

    def __str__(self) -> str:
        return str(self.value)
