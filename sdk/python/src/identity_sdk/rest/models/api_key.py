from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.api_key_type import ApiKeyType
from typing import cast






T = TypeVar("T", bound="ApiKey")



@_attrs_define
class ApiKey:
    """ 
        Attributes:
            created_at (str):
            expires_at (None | str):
            id (str):
            last_four (str):
            last_used_at (None | str):
            name (str):
            prefix (str):
            revoked (bool):
            revokes_at (None | str):
            scopes (list[str]):
            type_ (ApiKeyType):
     """

    created_at: str
    expires_at: None | str
    id: str
    last_four: str
    last_used_at: None | str
    name: str
    prefix: str
    revoked: bool
    revokes_at: None | str
    scopes: list[str]
    type_: ApiKeyType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        expires_at: None | str
        expires_at = self.expires_at

        id = self.id

        last_four = self.last_four

        last_used_at: None | str
        last_used_at = self.last_used_at

        name = self.name

        prefix = self.prefix

        revoked = self.revoked

        revokes_at: None | str
        revokes_at = self.revokes_at

        scopes = self.scopes



        type_ = self.type_.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "expires_at": expires_at,
            "id": id,
            "last_four": last_four,
            "last_used_at": last_used_at,
            "name": name,
            "prefix": prefix,
            "revoked": revoked,
            "revokes_at": revokes_at,
            "scopes": scopes,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        def _parse_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))


        id = d.pop("id")

        last_four = d.pop("last_four")

        def _parse_last_used_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))


        name = d.pop("name")

        prefix = d.pop("prefix")

        revoked = d.pop("revoked")

        def _parse_revokes_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        revokes_at = _parse_revokes_at(d.pop("revokes_at"))


        scopes = cast(list[str], d.pop("scopes"))


        type_ = ApiKeyType(d.pop("type"))




        api_key = cls(
            created_at=created_at,
            expires_at=expires_at,
            id=id,
            last_four=last_four,
            last_used_at=last_used_at,
            name=name,
            prefix=prefix,
            revoked=revoked,
            revokes_at=revokes_at,
            scopes=scopes,
            type_=type_,
        )


        api_key.additional_properties = d
        return api_key

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
