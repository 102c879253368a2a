from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ChangePassword")



@_attrs_define
class ChangePassword:
    """ 
        Attributes:
            new_password (str):
            current_password (None | str | Unset):
            sign_out_other_sessions (bool | Unset):  Default: True.
     """

    new_password: str
    current_password: None | str | Unset = UNSET
    sign_out_other_sessions: bool | Unset = True





    def to_dict(self) -> dict[str, Any]:
        new_password = self.new_password

        current_password: None | str | Unset
        if isinstance(self.current_password, Unset):
            current_password = UNSET
        else:
            current_password = self.current_password

        sign_out_other_sessions = self.sign_out_other_sessions


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "new_password": new_password,
        })
        if current_password is not UNSET:
            field_dict["current_password"] = current_password
        if sign_out_other_sessions is not UNSET:
            field_dict["sign_out_other_sessions"] = sign_out_other_sessions

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        new_password = d.pop("new_password")

        def _parse_current_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        current_password = _parse_current_password(d.pop("current_password", UNSET))


        sign_out_other_sessions = d.pop("sign_out_other_sessions", UNSET)

        change_password = cls(
            new_password=new_password,
            current_password=current_password,
            sign_out_other_sessions=sign_out_other_sessions,
        )

        return change_password

