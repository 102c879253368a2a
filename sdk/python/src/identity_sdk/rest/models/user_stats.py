from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="UserStats")



@_attrs_define
class UserStats:
    """ 
        Attributes:
            active_last_30d (int):
            active_last_7d (int):
            new_last_30d (int):
            new_last_7d (int):
            total (int):
     """

    active_last_30d: int
    active_last_7d: int
    new_last_30d: int
    new_last_7d: int
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        active_last_30d = self.active_last_30d

        active_last_7d = self.active_last_7d

        new_last_30d = self.new_last_30d

        new_last_7d = self.new_last_7d

        total = self.total


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "active_last_30d": active_last_30d,
            "active_last_7d": active_last_7d,
            "new_last_30d": new_last_30d,
            "new_last_7d": new_last_7d,
            "total": total,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        active_last_30d = d.pop("active_last_30d")

        active_last_7d = d.pop("active_last_7d")

        new_last_30d = d.pop("new_last_30d")

        new_last_7d = d.pop("new_last_7d")

        total = d.pop("total")

        user_stats = cls(
            active_last_30d=active_last_30d,
            active_last_7d=active_last_7d,
            new_last_30d=new_last_30d,
            new_last_7d=new_last_7d,
            total=total,
        )


        user_stats.additional_properties = d
        return user_stats

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
