from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ApiKeyRotated")



@_attrs_define
class ApiKeyRotated:
    """ 
        Attributes:
            id (str):
            key (str):
            old_key_id (str):
            old_key_revokes_at (str):
     """

    id: str
    key: str
    old_key_id: str
    old_key_revokes_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        key = self.key

        old_key_id = self.old_key_id

        old_key_revokes_at = self.old_key_revokes_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "key": key,
            "old_key_id": old_key_id,
            "old_key_revokes_at": old_key_revokes_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        key = d.pop("key")

        old_key_id = d.pop("old_key_id")

        old_key_revokes_at = d.pop("old_key_revokes_at")

        api_key_rotated = cls(
            id=id,
            key=key,
            old_key_id=old_key_id,
            old_key_revokes_at=old_key_revokes_at,
        )


        api_key_rotated.additional_properties = d
        return api_key_rotated

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
