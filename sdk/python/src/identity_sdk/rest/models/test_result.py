from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.test_result_status import TestResultStatus
from typing import cast






T = TypeVar("T", bound="TestResult")



@_attrs_define
class TestResult:
    """ 
        Attributes:
            delivery_id (str):
            duration_ms (int | None):
            error (None | str):
            http_status (int | None):
            status (TestResultStatus):
     """

    delivery_id: str
    duration_ms: int | None
    error: None | str
    http_status: int | None
    status: TestResultStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        delivery_id = self.delivery_id

        duration_ms: int | None
        duration_ms = self.duration_ms

        error: None | str
        error = self.error

        http_status: int | None
        http_status = self.http_status

        status = self.status.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "delivery_id": delivery_id,
            "duration_ms": duration_ms,
            "error": error,
            "http_status": http_status,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        delivery_id = d.pop("delivery_id")

        def _parse_duration_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration_ms = _parse_duration_ms(d.pop("duration_ms"))


        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        def _parse_http_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        http_status = _parse_http_status(d.pop("http_status"))


        status = TestResultStatus(d.pop("status"))




        test_result = cls(
            delivery_id=delivery_id,
            duration_ms=duration_ms,
            error=error,
            http_status=http_status,
            status=status,
        )


        test_result.additional_properties = d
        return test_result

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
