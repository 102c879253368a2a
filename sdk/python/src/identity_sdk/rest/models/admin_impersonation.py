from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="AdminImpersonation")



@_attrs_define
class AdminImpersonation:
    """ 
        Attributes:
            access_token (str):
            audit_id (str):
            expires_in (int):
            impersonated_by (str):
            user_id (str):
     """

    access_token: str
    audit_id: str
    expires_in: int
    impersonated_by: str
    user_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        audit_id = self.audit_id

        expires_in = self.expires_in

        impersonated_by = self.impersonated_by

        user_id = self.user_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "access_token": access_token,
            "audit_id": audit_id,
            "expires_in": expires_in,
            "impersonated_by": impersonated_by,
            "user_id": user_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        access_token = d.pop("access_token")

        audit_id = d.pop("audit_id")

        expires_in = d.pop("expires_in")

        impersonated_by = d.pop("impersonated_by")

        user_id = d.pop("user_id")

        admin_impersonation = cls(
            access_token=access_token,
            audit_id=audit_id,
            expires_in=expires_in,
            impersonated_by=impersonated_by,
            user_id=user_id,
        )


        admin_impersonation.additional_properties = d
        return admin_impersonation

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
