from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_member_role import UpdateMemberRole






T = TypeVar("T", bound="UpdateMember")



@_attrs_define
class UpdateMember:
    """ 
        Attributes:
            role (UpdateMemberRole):
     """

    role: UpdateMemberRole





    def to_dict(self) -> dict[str, Any]:
        role = self.role.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "role": role,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = UpdateMemberRole(d.pop("role"))




        update_member = cls(
            role=role,
        )

        return update_member

