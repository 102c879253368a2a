from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Endpoints")



@_attrs_define
class Endpoints:
    """ Overrides of the provider's endpoints. `oidc` needs discovery_url; `oauth2` needs
        authorization_url, token_url and userinfo_url; built-in providers need none.

        Attributes:
            authorization_url (None | str | Unset):
            discovery_url (None | str | Unset):
            emails_url (None | str | Unset):
            jwks_url (None | str | Unset):
            token_url (None | str | Unset):
            userinfo_url (None | str | Unset):
     """

    authorization_url: None | str | Unset = UNSET
    discovery_url: None | str | Unset = UNSET
    emails_url: None | str | Unset = UNSET
    jwks_url: None | str | Unset = UNSET
    token_url: None | str | Unset = UNSET
    userinfo_url: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        authorization_url: None | str | Unset
        if isinstance(self.authorization_url, Unset):
            authorization_url = UNSET
        else:
            authorization_url = self.authorization_url

        discovery_url: None | str | Unset
        if isinstance(self.discovery_url, Unset):
            discovery_url = UNSET
        else:
            discovery_url = self.discovery_url

        emails_url: None | str | Unset
        if isinstance(self.emails_url, Unset):
            emails_url = UNSET
        else:
            emails_url = self.emails_url

        jwks_url: None | str | Unset
        if isinstance(self.jwks_url, Unset):
            jwks_url = UNSET
        else:
            jwks_url = self.jwks_url

        token_url: None | str | Unset
        if isinstance(self.token_url, Unset):
            token_url = UNSET
        else:
            token_url = self.token_url

        userinfo_url: None | str | Unset
        if isinstance(self.userinfo_url, Unset):
            userinfo_url = UNSET
        else:
            userinfo_url = self.userinfo_url


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if authorization_url is not UNSET:
            field_dict["authorization_url"] = authorization_url
        if discovery_url is not UNSET:
            field_dict["discovery_url"] = discovery_url
        if emails_url is not UNSET:
            field_dict["emails_url"] = emails_url
        if jwks_url is not UNSET:
            field_dict["jwks_url"] = jwks_url
        if token_url is not UNSET:
            field_dict["token_url"] = token_url
        if userinfo_url is not UNSET:
            field_dict["userinfo_url"] = userinfo_url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_authorization_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        authorization_url = _parse_authorization_url(d.pop("authorization_url", UNSET))


        def _parse_discovery_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        discovery_url = _parse_discovery_url(d.pop("discovery_url", UNSET))


        def _parse_emails_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        emails_url = _parse_emails_url(d.pop("emails_url", UNSET))


        def _parse_jwks_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        jwks_url = _parse_jwks_url(d.pop("jwks_url", UNSET))


        def _parse_token_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        token_url = _parse_token_url(d.pop("token_url", UNSET))


        def _parse_userinfo_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        userinfo_url = _parse_userinfo_url(d.pop("userinfo_url", UNSET))


        endpoints = cls(
            authorization_url=authorization_url,
            discovery_url=discovery_url,
            emails_url=emails_url,
            jwks_url=jwks_url,
            token_url=token_url,
            userinfo_url=userinfo_url,
        )

        return endpoints

