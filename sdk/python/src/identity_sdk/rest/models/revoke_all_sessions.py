from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RevokeAllSessions")



@_attrs_define
class RevokeAllSessions:
    """ 
        Attributes:
            exclude_user_id (None | str | Unset):
            reason (None | str | Unset):
     """

    exclude_user_id: None | str | Unset = UNSET
    reason: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        exclude_user_id: None | str | Unset
        if isinstance(self.exclude_user_id, Unset):
            exclude_user_id = UNSET
        else:
            exclude_user_id = self.exclude_user_id

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if exclude_user_id is not UNSET:
            field_dict["exclude_user_id"] = exclude_user_id
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_exclude_user_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        exclude_user_id = _parse_exclude_user_id(d.pop("exclude_user_id", UNSET))


        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        revoke_all_sessions = cls(
            exclude_user_id=exclude_user_id,
            reason=reason,
        )

        return revoke_all_sessions

