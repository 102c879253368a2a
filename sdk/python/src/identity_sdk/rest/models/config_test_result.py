from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.config_test_result_delivery import ConfigTestResultDelivery
from ..models.config_test_result_provider import ConfigTestResultProvider
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ConfigTestResult")



@_attrs_define
class ConfigTestResult:
    """ 
        Attributes:
            delivery (ConfigTestResultDelivery):
            duration_ms (int):
            message_id (None | str):
            provider (ConfigTestResultProvider):
            sent (bool):
            error (None | str | Unset):
     """

    delivery: ConfigTestResultDelivery
    duration_ms: int
    message_id: None | str
    provider: ConfigTestResultProvider
    sent: bool
    error: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        delivery = self.delivery.value

        duration_ms = self.duration_ms

        message_id: None | str
        message_id = self.message_id

        provider = self.provider.value

        sent = self.sent

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "delivery": delivery,
            "duration_ms": duration_ms,
            "message_id": message_id,
            "provider": provider,
            "sent": sent,
        })
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        delivery = ConfigTestResultDelivery(d.pop("delivery"))




        duration_ms = d.pop("duration_ms")

        def _parse_message_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message_id = _parse_message_id(d.pop("message_id"))


        provider = ConfigTestResultProvider(d.pop("provider"))




        sent = d.pop("sent")

        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))


        config_test_result = cls(
            delivery=delivery,
            duration_ms=duration_ms,
            message_id=message_id,
            provider=provider,
            sent=sent,
            error=error,
        )


        config_test_result.additional_properties = d
        return config_test_result

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
