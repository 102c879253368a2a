from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UserSession")



@_attrs_define
class UserSession:
    """ 
        Attributes:
            created_at (str):
            expires_at (str):
            id (str):
            ip_address (None | str):
            last_active_at (str):
            user_agent (None | str):
            user_id (str):
            impersonated_by (None | str | Unset):
     """

    created_at: str
    expires_at: str
    id: str
    ip_address: None | str
    last_active_at: str
    user_agent: None | str
    user_id: str
    impersonated_by: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        expires_at = self.expires_at

        id = self.id

        ip_address: None | str
        ip_address = self.ip_address

        last_active_at = self.last_active_at

        user_agent: None | str
        user_agent = self.user_agent

        user_id = self.user_id

        impersonated_by: None | str | Unset
        if isinstance(self.impersonated_by, Unset):
            impersonated_by = UNSET
        else:
            impersonated_by = self.impersonated_by


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "expires_at": expires_at,
            "id": id,
            "ip_address": ip_address,
            "last_active_at": last_active_at,
            "user_agent": user_agent,
            "user_id": user_id,
        })
        if impersonated_by is not UNSET:
            field_dict["impersonated_by"] = impersonated_by

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        id = d.pop("id")

        def _parse_ip_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ip_address = _parse_ip_address(d.pop("ip_address"))


        last_active_at = d.pop("last_active_at")

        def _parse_user_agent(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_agent = _parse_user_agent(d.pop("user_agent"))


        user_id = d.pop("user_id")

        def _parse_impersonated_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        impersonated_by = _parse_impersonated_by(d.pop("impersonated_by", UNSET))


        user_session = cls(
            created_at=created_at,
            expires_at=expires_at,
            id=id,
            ip_address=ip_address,
            last_active_at=last_active_at,
            user_agent=user_agent,
            user_id=user_id,
            impersonated_by=impersonated_by,
        )


        user_session.additional_properties = d
        return user_session

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
