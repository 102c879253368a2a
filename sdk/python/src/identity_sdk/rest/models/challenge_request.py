from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ChallengeRequest")



@_attrs_define
class ChallengeRequest:
    """ 
        Attributes:
            challenge_id (str):
            factor_id (None | str | Unset):
     """

    challenge_id: str
    factor_id: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        challenge_id = self.challenge_id

        factor_id: None | str | Unset
        if isinstance(self.factor_id, Unset):
            factor_id = UNSET
        else:
            factor_id = self.factor_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "challenge_id": challenge_id,
        })
        if factor_id is not UNSET:
            field_dict["factor_id"] = factor_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        challenge_id = d.pop("challenge_id")

        def _parse_factor_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        factor_id = _parse_factor_id(d.pop("factor_id", UNSET))


        challenge_request = cls(
            challenge_id=challenge_id,
            factor_id=factor_id,
        )

        return challenge_request

