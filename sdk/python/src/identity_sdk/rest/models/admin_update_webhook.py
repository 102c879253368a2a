from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AdminUpdateWebhook")



@_attrs_define
class AdminUpdateWebhook:
    """ 
        Attributes:
            active (bool | Unset):
            events (list[str] | Unset):
            url (str | Unset):
     """

    active: bool | Unset = UNSET
    events: list[str] | Unset = UNSET
    url: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        active = self.active

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = self.events



        url = self.url


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if active is not UNSET:
            field_dict["active"] = active
        if events is not UNSET:
            field_dict["events"] = events
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        active = d.pop("active", UNSET)

        events = cast(list[str], d.pop("events", UNSET))


        url = d.pop("url", UNSET)

        admin_update_webhook = cls(
            active=active,
            events=events,
            url=url,
        )

        return admin_update_webhook

