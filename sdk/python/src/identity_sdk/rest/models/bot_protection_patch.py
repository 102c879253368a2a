from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bot_protection_patch_provider import BotProtectionPatchProvider
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="BotProtectionPatch")



@_attrs_define
class BotProtectionPatch:
    """ 
        Attributes:
            enabled (bool | Unset):
            provider (BotProtectionPatchProvider | Unset):
            secret (str | Unset):
            site_key (None | str | Unset):
            verify_url (None | str | Unset):
     """

    enabled: bool | Unset = UNSET
    provider: BotProtectionPatchProvider | Unset = UNSET
    secret: str | Unset = UNSET
    site_key: None | str | Unset = UNSET
    verify_url: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        provider: str | Unset = UNSET
        if not isinstance(self.provider, Unset):
            provider = self.provider.value


        secret = self.secret

        site_key: None | str | Unset
        if isinstance(self.site_key, Unset):
            site_key = UNSET
        else:
            site_key = self.site_key

        verify_url: None | str | Unset
        if isinstance(self.verify_url, Unset):
            verify_url = UNSET
        else:
            verify_url = self.verify_url


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if provider is not UNSET:
            field_dict["provider"] = provider
        if secret is not UNSET:
            field_dict["secret"] = secret
        if site_key is not UNSET:
            field_dict["site_key"] = site_key
        if verify_url is not UNSET:
            field_dict["verify_url"] = verify_url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        _provider = d.pop("provider", UNSET)
        provider: BotProtectionPatchProvider | Unset
        if isinstance(_provider,  Unset):
            provider = UNSET
        else:
            provider = BotProtectionPatchProvider(_provider)




        secret = d.pop("secret", UNSET)

        def _parse_site_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        site_key = _parse_site_key(d.pop("site_key", UNSET))


        def _parse_verify_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        verify_url = _parse_verify_url(d.pop("verify_url", UNSET))


        bot_protection_patch = cls(
            enabled=enabled,
            provider=provider,
            secret=secret,
            site_key=site_key,
            verify_url=verify_url,
        )

        return bot_protection_patch

