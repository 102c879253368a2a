from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="IssuedToken")



@_attrs_define
class IssuedToken:
    """ 
        Attributes:
            client_id (str):
            created_at (str):
            expires_at (str):
            id (str):
            issued_count (int):
            scopes (list[str]):
     """

    client_id: str
    created_at: str
    expires_at: str
    id: str
    issued_count: int
    scopes: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        created_at = self.created_at

        expires_at = self.expires_at

        id = self.id

        issued_count = self.issued_count

        scopes = self.scopes




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "client_id": client_id,
            "created_at": created_at,
            "expires_at": expires_at,
            "id": id,
            "issued_count": issued_count,
            "scopes": scopes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        id = d.pop("id")

        issued_count = d.pop("issued_count")

        scopes = cast(list[str], d.pop("scopes"))


        issued_token = cls(
            client_id=client_id,
            created_at=created_at,
            expires_at=expires_at,
            id=id,
            issued_count=issued_count,
            scopes=scopes,
        )


        issued_token.additional_properties = d
        return issued_token

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
