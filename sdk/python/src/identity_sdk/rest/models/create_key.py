from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_key_scopes_item import CreateKeyScopesItem
from ..models.create_key_type import CreateKeyType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateKey")



@_attrs_define
class CreateKey:
    """ 
        Attributes:
            name (str):
            type_ (CreateKeyType):
            expires_in (None | str | Unset):
            scopes (list[CreateKeyScopesItem] | Unset):
     """

    name: str
    type_: CreateKeyType
    expires_in: None | str | Unset = UNSET
    scopes: list[CreateKeyScopesItem] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_ = self.type_.value

        expires_in: None | str | Unset
        if isinstance(self.expires_in, Unset):
            expires_in = UNSET
        else:
            expires_in = self.expires_in

        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = []
            for scopes_item_data in self.scopes:
                scopes_item = scopes_item_data.value
                scopes.append(scopes_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "type": type_,
        })
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in
        if scopes is not UNSET:
            field_dict["scopes"] = scopes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        type_ = CreateKeyType(d.pop("type"))




        def _parse_expires_in(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        expires_in = _parse_expires_in(d.pop("expires_in", UNSET))


        _scopes = d.pop("scopes", UNSET)
        scopes: list[CreateKeyScopesItem] | Unset = UNSET
        if _scopes is not UNSET:
            scopes = []
            for scopes_item_data in _scopes:
                scopes_item = CreateKeyScopesItem(scopes_item_data)



                scopes.append(scopes_item)


        create_key = cls(
            name=name,
            type_=type_,
            expires_in=expires_in,
            scopes=scopes,
        )

        return create_key

