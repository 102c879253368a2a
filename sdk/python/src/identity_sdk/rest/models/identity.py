from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.identity_provider import IdentityProvider
from typing import cast






T = TypeVar("T", bound="Identity")



@_attrs_define
class Identity:
    """ 
        Attributes:
            avatar_url (None | str):
            connection_id (str):
            created_at (str):
            email (None | str):
            email_verified (bool):
            id (str):
            last_sign_in_at (None | str):
            name (None | str):
            provider (IdentityProvider):
            provider_user_id (str):
            updated_at (str):
            user_id (str):
     """

    avatar_url: None | str
    connection_id: str
    created_at: str
    email: None | str
    email_verified: bool
    id: str
    last_sign_in_at: None | str
    name: None | str
    provider: IdentityProvider
    provider_user_id: str
    updated_at: str
    user_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        avatar_url: None | str
        avatar_url = self.avatar_url

        connection_id = self.connection_id

        created_at = self.created_at

        email: None | str
        email = self.email

        email_verified = self.email_verified

        id = self.id

        last_sign_in_at: None | str
        last_sign_in_at = self.last_sign_in_at

        name: None | str
        name = self.name

        provider = self.provider.value

        provider_user_id = self.provider_user_id

        updated_at = self.updated_at

        user_id = self.user_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "avatar_url": avatar_url,
            "connection_id": connection_id,
            "created_at": created_at,
            "email": email,
            "email_verified": email_verified,
            "id": id,
            "last_sign_in_at": last_sign_in_at,
            "name": name,
            "provider": provider,
            "provider_user_id": provider_user_id,
            "updated_at": updated_at,
            "user_id": user_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_avatar_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        avatar_url = _parse_avatar_url(d.pop("avatar_url"))


        connection_id = d.pop("connection_id")

        created_at = d.pop("created_at")

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))


        email_verified = d.pop("email_verified")

        id = d.pop("id")

        def _parse_last_sign_in_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_sign_in_at = _parse_last_sign_in_at(d.pop("last_sign_in_at"))


        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        provider = IdentityProvider(d.pop("provider"))




        provider_user_id = d.pop("provider_user_id")

        updated_at = d.pop("updated_at")

        user_id = d.pop("user_id")

        identity = cls(
            avatar_url=avatar_url,
            connection_id=connection_id,
            created_at=created_at,
            email=email,
            email_verified=email_verified,
            id=id,
            last_sign_in_at=last_sign_in_at,
            name=name,
            provider=provider,
            provider_user_id=provider_user_id,
            updated_at=updated_at,
            user_id=user_id,
        )


        identity.additional_properties = d
        return identity

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
