from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.bot_protection_patch import BotProtectionPatch
  from ..models.branding_patch import BrandingPatch





T = TypeVar("T", bound="AuthConfigPatch")



@_attrs_define
class AuthConfigPatch:
    """ 
        Attributes:
            access_token_ttl (str | Unset):
            allowed_origins (list[str] | Unset):
            bot_protection (BotProtectionPatch | Unset):
            branding (BrandingPatch | Unset):
            email_verification_required (bool | Unset):
            mfa_required (bool | Unset):
            password_min_length (int | Unset):
            password_require_number (bool | Unset):
            password_require_symbol (bool | Unset):
            password_require_uppercase (bool | Unset):
            refresh_token_reuse_interval (str | Unset):
            session_duration (str | Unset):
            sign_up_enabled (bool | Unset):
            username_enabled (bool | Unset):
     """

    access_token_ttl: str | Unset = UNSET
    allowed_origins: list[str] | Unset = UNSET
    bot_protection: BotProtectionPatch | Unset = UNSET
    branding: BrandingPatch | Unset = UNSET
    email_verification_required: bool | Unset = UNSET
    mfa_required: bool | Unset = UNSET
    password_min_length: int | Unset = UNSET
    password_require_number: bool | Unset = UNSET
    password_require_symbol: bool | Unset = UNSET
    password_require_uppercase: bool | Unset = UNSET
    refresh_token_reuse_interval: str | Unset = UNSET
    session_duration: str | Unset = UNSET
    sign_up_enabled: bool | Unset = UNSET
    username_enabled: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_protection_patch import BotProtectionPatch # noqa: PLC0415
        from ..models.branding_patch import BrandingPatch # noqa: PLC0415
        access_token_ttl = self.access_token_ttl

        allowed_origins: list[str] | Unset = UNSET
        if not isinstance(self.allowed_origins, Unset):
            allowed_origins = self.allowed_origins



        bot_protection: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bot_protection, Unset):
            bot_protection = self.bot_protection.to_dict()

        branding: dict[str, Any] | Unset = UNSET
        if not isinstance(self.branding, Unset):
            branding = self.branding.to_dict()

        email_verification_required = self.email_verification_required

        mfa_required = self.mfa_required

        password_min_length = self.password_min_length

        password_require_number = self.password_require_number

        password_require_symbol = self.password_require_symbol

        password_require_uppercase = self.password_require_uppercase

        refresh_token_reuse_interval = self.refresh_token_reuse_interval

        session_duration = self.session_duration

        sign_up_enabled = self.sign_up_enabled

        username_enabled = self.username_enabled


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if access_token_ttl is not UNSET:
            field_dict["access_token_ttl"] = access_token_ttl
        if allowed_origins is not UNSET:
            field_dict["allowed_origins"] = allowed_origins
        if bot_protection is not UNSET:
            field_dict["bot_protection"] = bot_protection
        if branding is not UNSET:
            field_dict["branding"] = branding
        if email_verification_required is not UNSET:
            field_dict["email_verification_required"] = email_verification_required
        if mfa_required is not UNSET:
            field_dict["mfa_required"] = mfa_required
        if password_min_length is not UNSET:
            field_dict["password_min_length"] = password_min_length
        if password_require_number is not UNSET:
            field_dict["password_require_number"] = password_require_number
        if password_require_symbol is not UNSET:
            field_dict["password_require_symbol"] = password_require_symbol
        if password_require_uppercase is not UNSET:
            field_dict["password_require_uppercase"] = password_require_uppercase
        if refresh_token_reuse_interval is not UNSET:
            field_dict["refresh_token_reuse_interval"] = refresh_token_reuse_interval
        if session_duration is not UNSET:
            field_dict["session_duration"] = session_duration
        if sign_up_enabled is not UNSET:
            field_dict["sign_up_enabled"] = sign_up_enabled
        if username_enabled is not UNSET:
            field_dict["username_enabled"] = username_enabled

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_protection_patch import BotProtectionPatch # noqa: PLC0415
        from ..models.branding_patch import BrandingPatch # noqa: PLC0415
        d = dict(src_dict)
        access_token_ttl = d.pop("access_token_ttl", UNSET)

        allowed_origins = cast(list[str], d.pop("allowed_origins", UNSET))


        _bot_protection = d.pop("bot_protection", UNSET)
        bot_protection: BotProtectionPatch | Unset
        if isinstance(_bot_protection,  Unset):
            bot_protection = UNSET
        else:
            bot_protection = BotProtectionPatch.from_dict(_bot_protection)




        _branding = d.pop("branding", UNSET)
        branding: BrandingPatch | Unset
        if isinstance(_branding,  Unset):
            branding = UNSET
        else:
            branding = BrandingPatch.from_dict(_branding)




        email_verification_required = d.pop("email_verification_required", UNSET)

        mfa_required = d.pop("mfa_required", UNSET)

        password_min_length = d.pop("password_min_length", UNSET)

        password_require_number = d.pop("password_require_number", UNSET)

        password_require_symbol = d.pop("password_require_symbol", UNSET)

        password_require_uppercase = d.pop("password_require_uppercase", UNSET)

        refresh_token_reuse_interval = d.pop("refresh_token_reuse_interval", UNSET)

        session_duration = d.pop("session_duration", UNSET)

        sign_up_enabled = d.pop("sign_up_enabled", UNSET)

        username_enabled = d.pop("username_enabled", UNSET)

        auth_config_patch = cls(
            access_token_ttl=access_token_ttl,
            allowed_origins=allowed_origins,
            bot_protection=bot_protection,
            branding=branding,
            email_verification_required=email_verification_required,
            mfa_required=mfa_required,
            password_min_length=password_min_length,
            password_require_number=password_require_number,
            password_require_symbol=password_require_symbol,
            password_require_uppercase=password_require_uppercase,
            refresh_token_reuse_interval=refresh_token_reuse_interval,
            session_duration=session_duration,
            sign_up_enabled=sign_up_enabled,
            username_enabled=username_enabled,
        )

        return auth_config_patch

