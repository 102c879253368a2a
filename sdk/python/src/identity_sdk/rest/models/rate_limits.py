from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RateLimits")



@_attrs_define
class RateLimits:
    """ Enterprise tenants only; figures left out default to ten times the Pro plan.

        Attributes:
            auth_per_minute (int | None | Unset):
            read_per_minute (int | None | Unset):
            write_per_minute (int | None | Unset):
     """

    auth_per_minute: int | None | Unset = UNSET
    read_per_minute: int | None | Unset = UNSET
    write_per_minute: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        auth_per_minute: int | None | Unset
        if isinstance(self.auth_per_minute, Unset):
            auth_per_minute = UNSET
        else:
            auth_per_minute = self.auth_per_minute

        read_per_minute: int | None | Unset
        if isinstance(self.read_per_minute, Unset):
            read_per_minute = UNSET
        else:
            read_per_minute = self.read_per_minute

        write_per_minute: int | None | Unset
        if isinstance(self.write_per_minute, Unset):
            write_per_minute = UNSET
        else:
            write_per_minute = self.write_per_minute


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if auth_per_minute is not UNSET:
            field_dict["auth_per_minute"] = auth_per_minute
        if read_per_minute is not UNSET:
            field_dict["read_per_minute"] = read_per_minute
        if write_per_minute is not UNSET:
            field_dict["write_per_minute"] = write_per_minute

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_auth_per_minute(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        auth_per_minute = _parse_auth_per_minute(d.pop("auth_per_minute", UNSET))


        def _parse_read_per_minute(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        read_per_minute = _parse_read_per_minute(d.pop("read_per_minute", UNSET))


        def _parse_write_per_minute(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        write_per_minute = _parse_write_per_minute(d.pop("write_per_minute", UNSET))


        rate_limits = cls(
            auth_per_minute=auth_per_minute,
            read_per_minute=read_per_minute,
            write_per_minute=write_per_minute,
        )

        return rate_limits

