from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.my_organization_role import MyOrganizationRole
from typing import cast

if TYPE_CHECKING:
  from ..models.organization import Organization





T = TypeVar("T", bound="MyOrganization")



@_attrs_define
class MyOrganization:
    """ A membership of the signed-in user, with its organization.

        Attributes:
            active (bool):
            id (str):
            joined_at (str):
            organization (Organization):
            role (MyOrganizationRole):
     """

    active: bool
    id: str
    joined_at: str
    organization: Organization
    role: MyOrganizationRole
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.organization import Organization # noqa: PLC0415
        active = self.active

        id = self.id

        joined_at = self.joined_at

        organization = self.organization.to_dict()

        role = self.role.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "active": active,
            "id": id,
            "joined_at": joined_at,
            "organization": organization,
            "role": role,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.organization import Organization # noqa: PLC0415
        d = dict(src_dict)
        active = d.pop("active")

        id = d.pop("id")

        joined_at = d.pop("joined_at")

        organization = Organization.from_dict(d.pop("organization"))




        role = MyOrganizationRole(d.pop("role"))




        my_organization = cls(
            active=active,
            id=id,
            joined_at=joined_at,
            organization=organization,
            role=role,
        )


        my_organization.additional_properties = d
        return my_organization

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
