from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.bot_protection import BotProtection
  from ..models.branding import Branding





T = TypeVar("T", bound="AuthConfig")



@_attrs_define
class AuthConfig:
    """ Stored and returned whole; PATCH merges an AuthConfigPatch into it.

        Attributes:
            access_token_ttl (str | Unset):  Default: '1h'.
            allowed_origins (list[str] | Unset):
            bot_protection (BotProtection | Unset): Captcha on sign-in and sign-up. The provider secret is stored apart,
                encrypted, and
                    never returned; verify_url overrides the provider's siteverify address.
            branding (Branding | Unset): How the hosted pages look for this tenant (docs/hosted-pages.md, "Branding and
                texts").
            email_verification_required (bool | Unset):  Default: True.
            mfa_required (bool | Unset):  Default: False.
            password_min_length (int | Unset):  Default: 8.
            password_require_number (bool | Unset):  Default: False.
            password_require_symbol (bool | Unset):  Default: False.
            password_require_uppercase (bool | Unset):  Default: False.
            refresh_token_reuse_interval (str | Unset):  Default: '10s'.
            session_duration (str | Unset):  Default: '30d'.
            sign_up_enabled (bool | Unset):  Default: True.
            username_enabled (bool | Unset):  Default: False.
     """

    access_token_ttl: str | Unset = '1h'
    allowed_origins: list[str] | Unset = UNSET
    bot_protection: BotProtection | Unset = UNSET
    branding: Branding | Unset = UNSET
    email_verification_required: bool | Unset = True
    mfa_required: bool | Unset = False
    password_min_length: int | Unset = 8
    password_require_number: bool | Unset = False
    password_require_symbol: bool | Unset = False
    password_require_uppercase: bool | Unset = False
    refresh_token_reuse_interval: str | Unset = '10s'
    session_duration: str | Unset = '30d'
    sign_up_enabled: bool | Unset = True
    username_enabled: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_protection import BotProtection # noqa: PLC0415
        from ..models.branding import Branding # noqa: PLC0415
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
        field_dict.update(self.additional_properties)
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
        from ..models.bot_protection import BotProtection # noqa: PLC0415
        from ..models.branding import Branding # noqa: PLC0415
        d = dict(src_dict)
        access_token_ttl = d.pop("access_token_ttl", UNSET)

        allowed_origins = cast(list[str], d.pop("allowed_origins", UNSET))


        _bot_protection = d.pop("bot_protection", UNSET)
        bot_protection: BotProtection | Unset
        if isinstance(_bot_protection,  Unset):
            bot_protection = UNSET
        else:
            bot_protection = BotProtection.from_dict(_bot_protection)




        _branding = d.pop("branding", UNSET)
        branding: Branding | Unset
        if isinstance(_branding,  Unset):
            branding = UNSET
        else:
            branding = Branding.from_dict(_branding)




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

        auth_config = cls(
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


        auth_config.additional_properties = d
        return auth_config

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
