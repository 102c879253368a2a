from enum import StrEnum

class AuthVerifyRequestFactorType(StrEnum):
    BACKUP_CODE = "backup_code"
    BACKUP_CODES = "backup_codes"
    EMAIL_OTP = "email_otp"
    SMS = "sms"
    TOTP = "totp"
    WEBAUTHN = "webauthn"

    def __str__(self) -> str:
        return str(self.value)
