from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.admin_delivery_status import AdminDeliveryStatus
from typing import cast






T = TypeVar("T", bound="AdminDelivery")



@_attrs_define
class AdminDelivery:
    """ 
        Attributes:
            attempts (int):
            created_at (str):
            delivered_at (None | str):
            duration_ms (int | None):
            event (str):
            event_id (str):
            http_status (int | None):
            id (str):
            last_error (None | str):
            next_attempt_at (None | str):
            status (AdminDeliveryStatus):
            tenant_id (str):
            webhook_id (str):
     """

    attempts: int
    created_at: str
    delivered_at: None | str
    duration_ms: int | None
    event: str
    event_id: str
    http_status: int | None
    id: str
    last_error: None | str
    next_attempt_at: None | str
    status: AdminDeliveryStatus
    tenant_id: str
    webhook_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        attempts = self.attempts

        created_at = self.created_at

        delivered_at: None | str
        delivered_at = self.delivered_at

        duration_ms: int | None
        duration_ms = self.duration_ms

        event = self.event

        event_id = self.event_id

        http_status: int | None
        http_status = self.http_status

        id = self.id

        last_error: None | str
        last_error = self.last_error

        next_attempt_at: None | str
        next_attempt_at = self.next_attempt_at

        status = self.status.value

        tenant_id = self.tenant_id

        webhook_id = self.webhook_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attempts": attempts,
            "created_at": created_at,
            "delivered_at": delivered_at,
            "duration_ms": duration_ms,
            "event": event,
            "event_id": event_id,
            "http_status": http_status,
            "id": id,
            "last_error": last_error,
            "next_attempt_at": next_attempt_at,
            "status": status,
            "tenant_id": tenant_id,
            "webhook_id": webhook_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attempts = d.pop("attempts")

        created_at = d.pop("created_at")

        def _parse_delivered_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))


        def _parse_duration_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration_ms = _parse_duration_ms(d.pop("duration_ms"))


        event = d.pop("event")

        event_id = d.pop("event_id")

        def _parse_http_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        http_status = _parse_http_status(d.pop("http_status"))


        id = d.pop("id")

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))


        def _parse_next_attempt_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))


        status = AdminDeliveryStatus(d.pop("status"))




        tenant_id = d.pop("tenant_id")

        webhook_id = d.pop("webhook_id")

        admin_delivery = cls(
            attempts=attempts,
            created_at=created_at,
            delivered_at=delivered_at,
            duration_ms=duration_ms,
            event=event,
            event_id=event_id,
            http_status=http_status,
            id=id,
            last_error=last_error,
            next_attempt_at=next_attempt_at,
            status=status,
            tenant_id=tenant_id,
            webhook_id=webhook_id,
        )


        admin_delivery.additional_properties = d
        return admin_delivery

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
