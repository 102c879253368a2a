from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="BulkDisable")



@_attrs_define
class BulkDisable:
    """ 
        Attributes:
            user_ids (list[str]):
            reason (None | str | Unset):
            revoke_sessions (bool | Unset):  Default: True.
     """

    user_ids: list[str]
    reason: None | str | Unset = UNSET
    revoke_sessions: bool | Unset = True





    def to_dict(self) -> dict[str, Any]:
        user_ids = self.user_ids



        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        revoke_sessions = self.revoke_sessions


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "user_ids": user_ids,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason
        if revoke_sessions is not UNSET:
            field_dict["revoke_sessions"] = revoke_sessions

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_ids = cast(list[str], d.pop("user_ids"))


        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        revoke_sessions = d.pop("revoke_sessions", UNSET)

        bulk_disable = cls(
            user_ids=user_ids,
            reason=reason,
            revoke_sessions=revoke_sessions,
        )

        return bulk_disable

