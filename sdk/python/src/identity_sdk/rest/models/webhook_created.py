from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_created_status import WebhookCreatedStatus
from typing import cast






T = TypeVar("T", bound="WebhookCreated")



@_attrs_define
class WebhookCreated:
    """ 
        Attributes:
            created_at (str):
            description (str):
            enabled (bool):
            events (list[str]):
            id (str):
            signing_secret (str):
            status (WebhookCreatedStatus):
            url (str):
     """

    created_at: str
    description: str
    enabled: bool
    events: list[str]
    id: str
    signing_secret: str
    status: WebhookCreatedStatus
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        description = self.description

        enabled = self.enabled

        events = self.events



        id = self.id

        signing_secret = self.signing_secret

        status = self.status.value

        url = self.url


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "description": description,
            "enabled": enabled,
            "events": events,
            "id": id,
            "signing_secret": signing_secret,
            "status": status,
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

        signing_secret = d.pop("signing_secret")

        status = WebhookCreatedStatus(d.pop("status"))




        url = d.pop("url")

        webhook_created = cls(
            created_at=created_at,
            description=description,
            enabled=enabled,
            events=events,
            id=id,
            signing_secret=signing_secret,
            status=status,
            url=url,
        )


        webhook_created.additional_properties = d
        return webhook_created

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
