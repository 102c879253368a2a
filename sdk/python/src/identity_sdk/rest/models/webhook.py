from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_status import WebhookStatus
from typing import cast






T = TypeVar("T", bound="Webhook")



@_attrs_define
class Webhook:
    """ 
        Attributes:
            created_at (str):
            description (str):
            enabled (bool):
            events (list[str]):
            id (str):
            last_triggered_at (None | str):
            status (WebhookStatus):
            updated_at (str):
            url (str):
     """

    created_at: str
    description: str
    enabled: bool
    events: list[str]
    id: str
    last_triggered_at: None | str
    status: WebhookStatus
    updated_at: str
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        description = self.description

        enabled = self.enabled

        events = self.events



        id = self.id

        last_triggered_at: None | str
        last_triggered_at = self.last_triggered_at

        status = self.status.value

        updated_at = self.updated_at

        url = self.url


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "description": description,
            "enabled": enabled,
            "events": events,
            "id": id,
            "last_triggered_at": last_triggered_at,
            "status": status,
            "updated_at": updated_at,
            "url": url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        description = d.pop("description")

        enabled = d.pop("enabled")

        events = cast(list[str], d.pop("events"))


        id = d.pop("id")

        def _parse_last_triggered_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_triggered_at = _parse_last_triggered_at(d.pop("last_triggered_at"))


        status = WebhookStatus(d.pop("status"))




        updated_at = d.pop("updated_at")

        url = d.pop("url")

        webhook = cls(
            created_at=created_at,
            description=description,
            enabled=enabled,
            events=events,
            id=id,
            last_triggered_at=last_triggered_at,
            status=status,
            updated_at=updated_at,
            url=url,
        )


        webhook.additional_properties = d
        return webhook

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
