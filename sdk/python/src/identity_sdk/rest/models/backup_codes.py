from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="BackupCodes")



@_attrs_define
class BackupCodes:
    """ 
        Attributes:
            codes (list[str]):
            factor_id (str):
            generated_at (str):
     """

    codes: list[str]
    factor_id: str
    generated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        codes = self.codes



        factor_id = self.factor_id

        generated_at = self.generated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "codes": codes,
            "factor_id": factor_id,
            "generated_at": generated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        codes = cast(list[str], d.pop("codes"))


        factor_id = d.pop("factor_id")

        generated_at = d.pop("generated_at")

        backup_codes = cls(
            codes=codes,
            factor_id=factor_id,
            generated_at=generated_at,
        )


        backup_codes.additional_properties = d
        return backup_codes

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
