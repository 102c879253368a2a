from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Verification")



@_attrs_define
class Verification:
    """ 
        Attributes:
            expires_at (None | str):
            mfa_verified (bool):
            org_id (None | str):
            org_role (None | str):
            role (None | str):
            session_id (None | str):
            tenant_id (None | str):
            user_id (None | str):
            valid (bool):
     """

    expires_at: None | str
    mfa_verified: bool
    org_id: None | str
    org_role: None | str
    role: None | str
    session_id: None | str
    tenant_id: None | str
    user_id: None | str
    valid: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        expires_at: None | str
        expires_at = self.expires_at

        mfa_verified = self.mfa_verified

        org_id: None | str
        org_id = self.org_id

        org_role: None | str
        org_role = self.org_role

        role: None | str
        role = self.role

        session_id: None | str
        session_id = self.session_id

        tenant_id: None | str
        tenant_id = self.tenant_id

        user_id: None | str
        user_id = self.user_id

        valid = self.valid


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "expires_at": expires_at,
            "mfa_verified": mfa_verified,
            "org_id": org_id,
            "org_role": org_role,
            "role": role,
            "session_id": session_id,
            "tenant_id": tenant_id,
            "user_id": user_id,
            "valid": valid,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))


        mfa_verified = d.pop("mfa_verified")

        def _parse_org_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        org_id = _parse_org_id(d.pop("org_id"))


        def _parse_org_role(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        org_role = _parse_org_role(d.pop("org_role"))


        def _parse_role(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        role = _parse_role(d.pop("role"))


        def _parse_session_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        session_id = _parse_session_id(d.pop("session_id"))


        def _parse_tenant_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tenant_id = _parse_tenant_id(d.pop("tenant_id"))


        def _parse_user_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_id = _parse_user_id(d.pop("user_id"))


        valid = d.pop("valid")

        verification = cls(
            expires_at=expires_at,
            mfa_verified=mfa_verified,
            org_id=org_id,
            org_role=org_role,
            role=role,
            session_id=session_id,
            tenant_id=tenant_id,
            user_id=user_id,
            valid=valid,
        )


        verification.additional_properties = d
        return verification

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
