from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.factor_summary_type import FactorSummaryType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="FactorSummary")



@_attrs_define
class FactorSummary:
    """ 
        Attributes:
            id (str):
            name (None | str):
            type_ (FactorSummaryType):
            phone_number (str | Unset):
     """

    id: str
    name: None | str
    type_: FactorSummaryType
    phone_number: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name: None | str
        name = self.name

        type_ = self.type_.value

        phone_number = self.phone_number


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "type": type_,
        })
        if phone_number is not UNSET:
            field_dict["phone_number"] = phone_number

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        type_ = FactorSummaryType(d.pop("type"))




        phone_number = d.pop("phone_number", UNSET)

        factor_summary = cls(
            id=id,
            name=name,
            type_=type_,
            phone_number=phone_number,
        )


        factor_summary.additional_properties = d
        return factor_summary

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
