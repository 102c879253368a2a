from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="StartLink")



@_attrs_define
class StartLink:
    """ 
        Attributes:
            connection_id (str):
            redirect_url (str): An absolute http(s) URL whose origin (scheme, host, port) is exactly one of the tenant's
                auth_config.allowed_origins; no credentials, spaces or backslashes. An empty allowed_origins or '*' matches no
                redirect (422 validation_error).
     """

    connection_id: str
    redirect_url: str





    def to_dict(self) -> dict[str, Any]:
        connection_id = self.connection_id

        redirect_url = self.redirect_url


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "connection_id": connection_id,
            "redirect_url": redirect_url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        connection_id = d.pop("connection_id")

        redirect_url = d.pop("redirect_url")

        start_link = cls(
            connection_id=connection_id,
            redirect_url=redirect_url,
        )

        return start_link

