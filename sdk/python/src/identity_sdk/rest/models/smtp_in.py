from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SmtpIn")



@_attrs_define
class SmtpIn:
    """ 
        Attributes:
            host (str):
            password (None | str | Unset):
            port (int | Unset):  Default: 587.
            ssl (bool | Unset):  Default: False.
            tls (bool | Unset):  Default: True.
            username (None | str | Unset):
     """

    host: str
    password: None | str | Unset = UNSET
    port: int | Unset = 587
    ssl: bool | Unset = False
    tls: bool | Unset = True
    username: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        host = self.host

        password: None | str | Unset
        if isinstance(self.password, Unset):
            password = UNSET
        else:
            password = self.password

        port = self.port

        ssl = self.ssl

        tls = self.tls

        username: None | str | Unset
        if isinstance(self.username, Unset):
            username = UNSET
        else:
            username = self.username


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "host": host,
        })
        if password is not UNSET:
            field_dict["password"] = password
        if port is not UNSET:
            field_dict["port"] = port
        if ssl is not UNSET:
            field_dict["ssl"] = ssl
        if tls is not UNSET:
            field_dict["tls"] = tls
        if username is not UNSET:
            field_dict["username"] = username

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        host = d.pop("host")

        def _parse_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password = _parse_password(d.pop("password", UNSET))


        port = d.pop("port", UNSET)

        ssl = d.pop("ssl", UNSET)

        tls = d.pop("tls", UNSET)

        def _parse_username(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        username = _parse_username(d.pop("username", UNSET))


        smtp_in = cls(
            host=host,
            password=password,
            port=port,
            ssl=ssl,
            tls=tls,
            username=username,
        )

        return smtp_in

