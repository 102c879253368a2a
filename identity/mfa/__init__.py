"""Multi-factor authentication (issue E): TOTP, SMS and email one-time codes, WebAuthn passkeys,
backup codes, and the sign-in challenge that asks for one of them (docs/mfa.md)."""
