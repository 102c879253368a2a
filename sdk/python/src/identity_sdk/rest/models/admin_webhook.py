from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.admin_webhook_status import AdminWebhookStatus
from typing import cast






T = TypeVar("T", bound="AdminWebhook")



@_attrs_define
class AdminWebhook:
    """ 
        Attributes:
            active (bool):
            created_at (str):
            events (list[str]):
            id (str):
            last_triggered_at (None | str):
            status (AdminWebhookStatus):
            tenant_id (None | str):
            updated_at (str):
            url (str):
     """

    active: bool
    created_at: str
    events: list[str]
    id: str
    last_triggered_at: None | str
    status: AdminWebhookStatus
    tenant_id: None | str
    updated_at: str
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        active = self.active

        created_at = self.created_at

        events = self.events



        id = self.id

        last_triggered_at: None | str
        last_triggered_at = self.last_triggered_at

        status = self.status.value

        tenant_id: None | str
        tenant_id = self.tenant_id

        updated_at = self.updated_at

        url = self.url


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "active": active,
            "created_at": created_at,
            "events": events,
            "id": id,
            "last_triggered_at": last_triggered_at,
            "status": status,
            "tenant_id": tenant_id,
            "updated_at": updated_at,
            "url": url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        active = d.pop("active")

        created_at = d.pop("created_at")

        events = cast(list[str], d.pop("events"))


        id = d.pop("id")

        def _parse_last_triggered_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_triggered_at = _parse_last_triggered_at(d.pop("last_triggered_at"))


        status = AdminWebhookStatus(d.pop("status"))




        def _parse_tenant_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tenant_id = _parse_tenant_id(d.pop("tenant_id"))


        updated_at = d.pop("updated_at")

        url = d.pop("url")

        admin_webhook = cls(
            active=active,
            created_at=created_at,
            events=events,
            id=id,
            last_triggered_at=last_triggered_at,
            status=status,
            tenant_id=tenant_id,
            updated_at=updated_at,
            url=url,
        )


        admin_webhook.additional_properties = d
        return admin_webhook

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
