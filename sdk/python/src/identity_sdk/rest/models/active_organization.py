from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.active_organization_org_role_type_0 import ActiveOrganizationOrgRoleType0
from typing import cast






T = TypeVar("T", bound="ActiveOrganization")



@_attrs_define
class ActiveOrganization:
    """ 
        Attributes:
            access_token (str):
            access_token_expires_at (str):
            org_id (None | str):
            org_role (ActiveOrganizationOrgRoleType0 | None):
            session_id (str):
     """

    access_token: str
    access_token_expires_at: str
    org_id: None | str
    org_role: ActiveOrganizationOrgRoleType0 | None
    session_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        access_token_expires_at = self.access_token_expires_at

        org_id: None | str
        org_id = self.org_id

        org_role: None | str
        if isinstance(self.org_role, ActiveOrganizationOrgRoleType0):
            org_role = self.org_role.value
        else:
            org_role = self.org_role

        session_id = self.session_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "access_token": access_token,
            "access_token_expires_at": access_token_expires_at,
            "org_id": org_id,
            "org_role": org_role,
            "session_id": session_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        access_token = d.pop("access_token")

        access_token_expires_at = d.pop("access_token_expires_at")

        def _parse_org_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        org_id = _parse_org_id(d.pop("org_id"))


        def _parse_org_role(data: object) -> ActiveOrganizationOrgRoleType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                org_role_type_0 = ActiveOrganizationOrgRoleType0(data)



                return org_role_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActiveOrganizationOrgRoleType0 | None, data)

        org_role = _parse_org_role(d.pop("org_role"))


        session_id = d.pop("session_id")

        active_organization = cls(
            access_token=access_token,
            access_token_expires_at=access_token_expires_at,
            org_id=org_id,
            org_role=org_role,
            session_id=session_id,
        )


        active_organization.additional_properties = d
        return active_organization

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
