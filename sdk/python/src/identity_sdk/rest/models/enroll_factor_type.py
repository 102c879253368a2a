from enum import StrEnum

class EnrollFactorType(StrEnum):
    EMAIL_OTP = "email_otp"
    SMS = "sms"
    TOTP = "totp"
    WEBAUTHN = "webauthn"

    def __str__(self) -> str:
        return str(self.value)
