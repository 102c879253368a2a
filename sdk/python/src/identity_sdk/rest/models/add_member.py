from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.add_member_role import AddMemberRole
from ..types import UNSET, Unset






T = TypeVar("T", bound="AddMember")



@_attrs_define
class AddMember:
    """ 
        Attributes:
            user_id (str):
            role (AddMemberRole | Unset):  Default: AddMemberRole.MEMBER.
     """

    user_id: str
    role: AddMemberRole | Unset = AddMemberRole.MEMBER





    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "user_id": user_id,
        })
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_id = d.pop("user_id")

        _role = d.pop("role", UNSET)
        role: AddMemberRole | Unset
        if isinstance(_role,  Unset):
            role = UNSET
        else:
            role = AddMemberRole(_role)




        add_member = cls(
            user_id=user_id,
            role=role,
        )

        return add_member

