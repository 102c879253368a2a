from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.membership_role import MembershipRole
from typing import cast

if TYPE_CHECKING:
  from ..models.member_user import MemberUser





T = TypeVar("T", bound="Membership")



@_attrs_define
class Membership:
    """ 
        Attributes:
            id (str):
            joined_at (str):
            org_id (str):
            role (MembershipRole):
            updated_at (str):
            user (MemberUser):
            user_id (str):
     """

    id: str
    joined_at: str
    org_id: str
    role: MembershipRole
    updated_at: str
    user: MemberUser
    user_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.member_user import MemberUser # noqa: PLC0415
        id = self.id

        joined_at = self.joined_at

        org_id = self.org_id

        role = self.role.value

        updated_at = self.updated_at

        user = self.user.to_dict()

        user_id = self.user_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "joined_at": joined_at,
            "org_id": org_id,
            "role": role,
            "updated_at": updated_at,
            "user": user,
            "user_id": user_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.member_user import MemberUser # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        joined_at = d.pop("joined_at")

        org_id = d.pop("org_id")

        role = MembershipRole(d.pop("role"))




        updated_at = d.pop("updated_at")

        user = MemberUser.from_dict(d.pop("user"))




        user_id = d.pop("user_id")

        membership = cls(
            id=id,
            joined_at=joined_at,
            org_id=org_id,
            role=role,
            updated_at=updated_at,
            user=user,
            user_id=user_id,
        )


        membership.additional_properties = d
        return membership

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
