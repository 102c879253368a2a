from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AdminImpersonate")



@_attrs_define
class AdminImpersonate:
    """ 
        Attributes:
            user_id (str):
            expires_in (str | Unset):  Default: '1h'.
            reason (None | str | Unset):
     """

    user_id: str
    expires_in: str | Unset = '1h'
    reason: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        expires_in = self.expires_in

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "user_id": user_id,
        })
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_id = d.pop("user_id")

        expires_in = d.pop("expires_in", UNSET)

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        admin_impersonate = cls(
            user_id=user_id,
            expires_in=expires_in,
            reason=reason,
        )

        return admin_impersonate

