from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="FieldMappingOut")



@_attrs_define
class FieldMappingOut:
    """ 
        Attributes:
            email (None | str):
            email_verified (None | str):
            id (str):
            name (None | str):
            picture (None | str):
     """

    email: None | str
    email_verified: None | str
    id: str
    name: None | str
    picture: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        email: None | str
        email = self.email

        email_verified: None | str
        email_verified = self.email_verified

        id = self.id

        name: None | str
        name = self.name

        picture: None | str
        picture = self.picture


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "email": email,
            "email_verified": email_verified,
            "id": id,
            "name": name,
            "picture": picture,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))


        def _parse_email_verified(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email_verified = _parse_email_verified(d.pop("email_verified"))


        id = d.pop("id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        def _parse_picture(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        picture = _parse_picture(d.pop("picture"))


        field_mapping_out = cls(
            email=email,
            email_verified=email_verified,
            id=id,
            name=name,
            picture=picture,
        )


        field_mapping_out.additional_properties = d
        return field_mapping_out

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
