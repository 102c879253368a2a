from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.enroll_factor_type import EnrollFactorType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="EnrollFactor")



@_attrs_define
class EnrollFactor:
    """ 
        Attributes:
            type_ (EnrollFactorType):
            name (None | str | Unset):
            phone_number (None | str | Unset):
     """

    type_: EnrollFactorType
    name: None | str | Unset = UNSET
    phone_number: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        phone_number: None | str | Unset
        if isinstance(self.phone_number, Unset):
            phone_number = UNSET
        else:
            phone_number = self.phone_number


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })
        if name is not UNSET:
            field_dict["name"] = name
        if phone_number is not UNSET:
            field_dict["phone_number"] = phone_number

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = EnrollFactorType(d.pop("type"))




        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        def _parse_phone_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone_number = _parse_phone_number(d.pop("phone_number", UNSET))


        enroll_factor = cls(
            type_=type_,
            name=name,
            phone_number=phone_number,
        )

        return enroll_factor

