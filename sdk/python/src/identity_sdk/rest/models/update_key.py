from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_key_scopes_item import UpdateKeyScopesItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UpdateKey")



@_attrs_define
class UpdateKey:
    """ 
        Attributes:
            name (str | Unset):
            scopes (list[UpdateKeyScopesItem] | Unset):
     """

    name: str | Unset = UNSET
    scopes: list[UpdateKeyScopesItem] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = []
            for scopes_item_data in self.scopes:
                scopes_item = scopes_item_data.value
                scopes.append(scopes_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if scopes is not UNSET:
            field_dict["scopes"] = scopes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _scopes = d.pop("scopes", UNSET)
        scopes: list[UpdateKeyScopesItem] | Unset = UNSET
        if _scopes is not UNSET:
            scopes = []
            for scopes_item_data in _scopes:
                scopes_item = UpdateKeyScopesItem(scopes_item_data)



                scopes.append(scopes_item)


        update_key = cls(
            name=name,
            scopes=scopes,
        )

        return update_key

