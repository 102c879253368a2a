from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="EndpointsOut")



@_attrs_define
class EndpointsOut:
    """ 
        Attributes:
            authorization_url (None | str):
            discovery_url (None | str):
            emails_url (None | str):
            jwks_url (None | str):
            token_url (None | str):
            userinfo_url (None | str):
     """

    authorization_url: None | str
    discovery_url: None | str
    emails_url: None | str
    jwks_url: None | str
    token_url: None | str
    userinfo_url: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        authorization_url: None | str
        authorization_url = self.authorization_url

        discovery_url: None | str
        discovery_url = self.discovery_url

        emails_url: None | str
        emails_url = self.emails_url

        jwks_url: None | str
        jwks_url = self.jwks_url

        token_url: None | str
        token_url = self.token_url

        userinfo_url: None | str
        userinfo_url = self.userinfo_url


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "authorization_url": authorization_url,
            "discovery_url": discovery_url,
            "emails_url": emails_url,
            "jwks_url": jwks_url,
            "token_url": token_url,
            "userinfo_url": userinfo_url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_authorization_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        authorization_url = _parse_authorization_url(d.pop("authorization_url"))


        def _parse_discovery_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        discovery_url = _parse_discovery_url(d.pop("discovery_url"))


        def _parse_emails_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        emails_url = _parse_emails_url(d.pop("emails_url"))


        def _parse_jwks_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        jwks_url = _parse_jwks_url(d.pop("jwks_url"))


        def _parse_token_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        token_url = _parse_token_url(d.pop("token_url"))


        def _parse_userinfo_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        userinfo_url = _parse_userinfo_url(d.pop("userinfo_url"))


        endpoints_out = cls(
            authorization_url=authorization_url,
            discovery_url=discovery_url,
            emails_url=emails_url,
            jwks_url=jwks_url,
            token_url=token_url,
            userinfo_url=userinfo_url,
        )


        endpoints_out.additional_properties = d
        return endpoints_out

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
