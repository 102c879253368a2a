from enum import StrEnum

class PublicConnectionProvider(StrEnum):
    APPLE = "apple"
    GITHUB = "github"
    GOOGLE = "google"
    MICROSOFT = "microsoft"
    OAUTH2 = "oauth2"
    OIDC = "oidc"

    def __str__(self) -> str:
        return str(self.value)
