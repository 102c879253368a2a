from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="TestWebhook")



@_attrs_define
class TestWebhook:
    """ 
        Attributes:
            event (str | Unset): An event kind of the catalogue, or '*' Default: 'user.created'.
     """

    event: str | Unset = 'user.created'





    def to_dict(self) -> dict[str, Any]:
        event = self.event


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if event is not UNSET:
            field_dict["event"] = event

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event = d.pop("event", UNSET)

        test_webhook = cls(
            event=event,
        )

        return test_webhook

