from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="AppleKey")



@_attrs_define
class AppleKey:
    """ Sign in with Apple: the client secret is a JWT signed with this key (made per request).

        Attributes:
            key_id (str): 10 characters, as Apple shows it
            private_key (str): PEM of the .p8 key
            team_id (str): 10 characters, as Apple shows it
     """

    key_id: str
    private_key: str
    team_id: str





    def to_dict(self) -> dict[str, Any]:
        key_id = self.key_id

        private_key = self.private_key

        team_id = self.team_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "key_id": key_id,
            "private_key": private_key,
            "team_id": team_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key_id = d.pop("key_id")

        private_key = d.pop("private_key")

        team_id = d.pop("team_id")

        apple_key = cls(
            key_id=key_id,
            private_key=private_key,
            team_id=team_id,
        )

        return apple_key

