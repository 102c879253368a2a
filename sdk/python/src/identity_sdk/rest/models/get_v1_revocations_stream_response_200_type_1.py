from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import Literal, cast






T = TypeVar("T", bound="GetV1RevocationsStreamResponse200Type1")



@_attrs_define
class GetV1RevocationsStreamResponse200Type1:
    """ 
        Attributes:
            data (str):
            event (Literal['ready']):
            id (str | Unset):
     """

    data: str
    event: Literal['ready']
    id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        data = self.data

        event = self.event

        id = self.id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "data": data,
            "event": event,
        })
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        data = d.pop("data")

        event = cast(Literal['ready'] , d.pop("event"))
        if event != 'ready':
            raise ValueError(f"event must match const 'ready', got '{event}'")

        id = d.pop("id", UNSET)

        get_v1_revocations_stream_response_200_type_1 = cls(
            data=data,
            event=event,
            id=id,
        )


        get_v1_revocations_stream_response_200_type_1.additional_properties = d
        return get_v1_revocations_stream_response_200_type_1

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
