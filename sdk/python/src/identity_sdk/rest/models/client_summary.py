from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.client_summary_type import ClientSummaryType
from typing import cast






T = TypeVar("T", bound="ClientSummary")



@_attrs_define
class ClientSummary:
    """ 
        Attributes:
            client_id (str):
            created_at (str):
            id (str):
            name (str):
            redirect_uris (list[str]):
            type_ (ClientSummaryType):
     """

    client_id: str
    created_at: str
    id: str
    name: str
    redirect_uris: list[str]
    type_: ClientSummaryType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        created_at = self.created_at

        id = self.id

        name = self.name

        redirect_uris = self.redirect_uris



        type_ = self.type_.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "client_id": client_id,
            "created_at": created_at,
            "id": id,
            "name": name,
            "redirect_uris": redirect_uris,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        created_at = d.pop("created_at")

        id = d.pop("id")

        name = d.pop("name")

        redirect_uris = cast(list[str], d.pop("redirect_uris"))


        type_ = ClientSummaryType(d.pop("type"))




        client_summary = cls(
            client_id=client_id,
            created_at=created_at,
            id=id,
            name=name,
            redirect_uris=redirect_uris,
            type_=type_,
        )


        client_summary.additional_properties = d
        return client_summary

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
