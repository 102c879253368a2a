from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Actor")



@_attrs_define
class Actor:
    """ 
        Attributes:
            email (None | str):
            id (None | str):
            type_ (str):
            impersonated_by (None | str | Unset):
     """

    email: None | str
    id: None | str
    type_: str
    impersonated_by: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        email: None | str
        email = self.email

        id: None | str
        id = self.id

        type_ = self.type_

        impersonated_by: None | str | Unset
        if isinstance(self.impersonated_by, Unset):
            impersonated_by = UNSET
        else:
            impersonated_by = self.impersonated_by


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "email": email,
            "id": id,
            "type": type_,
        })
        if impersonated_by is not UNSET:
            field_dict["impersonated_by"] = impersonated_by

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))


        def _parse_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        id = _parse_id(d.pop("id"))


        type_ = d.pop("type")

        def _parse_impersonated_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        impersonated_by = _parse_impersonated_by(d.pop("impersonated_by", UNSET))


        actor = cls(
            email=email,
            id=id,
            type_=type_,
            impersonated_by=impersonated_by,
        )


        actor.additional_properties = d
        return actor

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
