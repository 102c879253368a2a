from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateWebhook")



@_attrs_define
class CreateWebhook:
    """ 
        Attributes:
            events (list[str]):
            url (str):
            description (str | Unset):  Default: ''.
            enabled (bool | Unset):  Default: True.
     """

    events: list[str]
    url: str
    description: str | Unset = ''
    enabled: bool | Unset = True





    def to_dict(self) -> dict[str, Any]:
        events = self.events



        url = self.url

        description = self.description

        enabled = self.enabled


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "events": events,
            "url": url,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if enabled is not UNSET:
            field_dict["enabled"] = enabled

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        events = cast(list[str], d.pop("events"))


        url = d.pop("url")

        description = d.pop("description", UNSET)

        enabled = d.pop("enabled", UNSET)

        create_webhook = cls(
            events=events,
            url=url,
            description=description,
            enabled=enabled,
        )

        return create_webhook

