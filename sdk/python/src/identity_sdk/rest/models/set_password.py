from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="SetPassword")



@_attrs_define
class SetPassword:
    """ 
        Attributes:
            password (str):
            revoke_sessions (bool | Unset):  Default: True.
     """

    password: str
    revoke_sessions: bool | Unset = True





    def to_dict(self) -> dict[str, Any]:
        password = self.password

        revoke_sessions = self.revoke_sessions


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "password": password,
        })
        if revoke_sessions is not UNSET:
            field_dict["revoke_sessions"] = revoke_sessions

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        password = d.pop("password")

        revoke_sessions = d.pop("revoke_sessions", UNSET)

        set_password = cls(
            password=password,
            revoke_sessions=revoke_sessions,
        )

        return set_password

