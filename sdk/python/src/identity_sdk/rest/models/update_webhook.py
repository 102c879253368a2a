from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UpdateWebhook")



@_attrs_define
class UpdateWebhook:
    """ 
        Attributes:
            description (str | Unset):
            enabled (bool | Unset):
            events (list[str] | Unset):
            url (str | Unset):
     """

    description: str | Unset = UNSET
    enabled: bool | Unset = UNSET
    events: list[str] | Unset = UNSET
    url: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        description = self.description

        enabled = self.enabled

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = self.events



        url = self.url


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if description is not UNSET:
            field_dict["description"] = description
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if events is not UNSET:
            field_dict["events"] = events
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        description = d.pop("description", UNSET)

        enabled = d.pop("enabled", UNSET)

        events = cast(list[str], d.pop("events", UNSET))


        url = d.pop("url", UNSET)

        update_webhook = cls(
            description=description,
            enabled=enabled,
            events=events,
            url=url,
        )

        return update_webhook

