from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SmtpOut")



@_attrs_define
class SmtpOut:
    """ 
        Attributes:
            host (str):
            password_set (bool):
            port (int):
            ssl (bool):
            tls (bool):
            username (None | str):
     """

    host: str
    password_set: bool
    port: int
    ssl: bool
    tls: bool
    username: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        host = self.host

        password_set = self.password_set

        port = self.port

        ssl = self.ssl

        tls = self.tls

        username: None | str
        username = self.username


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "host": host,
            "password_set": password_set,
            "port": port,
            "ssl": ssl,
            "tls": tls,
            "username": username,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        host = d.pop("host")

        password_set = d.pop("password_set")

        port = d.pop("port")

        ssl = d.pop("ssl")

        tls = d.pop("tls")

        def _parse_username(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        username = _parse_username(d.pop("username"))


        smtp_out = cls(
            host=host,
            password_set=password_set,
            port=port,
            ssl=ssl,
            tls=tls,
            username=username,
        )


        smtp_out.additional_properties = d
        return smtp_out

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
