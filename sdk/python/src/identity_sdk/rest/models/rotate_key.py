from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="RotateKey")



@_attrs_define
class RotateKey:
    """ 
        Attributes:
            id (str):
            grace_period (str | Unset):  Default: '1h'.
     """

    id: str
    grace_period: str | Unset = '1h'





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        grace_period = self.grace_period


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
        })
        if grace_period is not UNSET:
            field_dict["grace_period"] = grace_period

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        grace_period = d.pop("grace_period", UNSET)

        rotate_key = cls(
            id=id,
            grace_period=grace_period,
        )

        return rotate_key

