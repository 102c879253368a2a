from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="MySession")



@_attrs_define
class MySession:
    """ 
        Attributes:
            browser (None | str):
            country (None | str):
            created_at (str):
            current (bool):
            device_type (None | str):
            expires_at (str):
            id (str):
            ip_address (None | str):
            last_active_at (str):
            os (None | str):
            user_agent (None | str):
     """

    browser: None | str
    country: None | str
    created_at: str
    current: bool
    device_type: None | str
    expires_at: str
    id: str
    ip_address: None | str
    last_active_at: str
    os: None | str
    user_agent: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        browser: None | str
        browser = self.browser

        country: None | str
        country = self.country

        created_at = self.created_at

        current = self.current

        device_type: None | str
        device_type = self.device_type

        expires_at = self.expires_at

        id = self.id

        ip_address: None | str
        ip_address = self.ip_address

        last_active_at = self.last_active_at

        os: None | str
        os = self.os

        user_agent: None | str
        user_agent = self.user_agent


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "browser": browser,
            "country": country,
            "created_at": created_at,
            "current": current,
            "device_type": device_type,
            "expires_at": expires_at,
            "id": id,
            "ip_address": ip_address,
            "last_active_at": last_active_at,
            "os": os,
            "user_agent": user_agent,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_browser(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        browser = _parse_browser(d.pop("browser"))


        def _parse_country(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        country = _parse_country(d.pop("country"))


        created_at = d.pop("created_at")

        current = d.pop("current")

        def _parse_device_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        device_type = _parse_device_type(d.pop("device_type"))


        expires_at = d.pop("expires_at")

        id = d.pop("id")

        def _parse_ip_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ip_address = _parse_ip_address(d.pop("ip_address"))


        last_active_at = d.pop("last_active_at")

        def _parse_os(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        os = _parse_os(d.pop("os"))


        def _parse_user_agent(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_agent = _parse_user_agent(d.pop("user_agent"))


        my_session = cls(
            browser=browser,
            country=country,
            created_at=created_at,
            current=current,
            device_type=device_type,
            expires_at=expires_at,
            id=id,
            ip_address=ip_address,
            last_active_at=last_active_at,
            os=os,
            user_agent=user_agent,
        )


        my_session.additional_properties = d
        return my_session

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
