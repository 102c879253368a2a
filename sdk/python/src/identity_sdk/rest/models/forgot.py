from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Forgot")



@_attrs_define
class Forgot:
    """ 
        Attributes:
            email (str):
            redirect_url (str): An absolute http(s) URL whose origin (scheme, host, port) is exactly one of the tenant's
                auth_config.allowed_origins; no credentials, spaces or backslashes. An empty allowed_origins or '*' matches no
                redirect (422 validation_error).
     """

    email: str
    redirect_url: str





    def to_dict(self) -> dict[str, Any]:
        email = self.email

        redirect_url = self.redirect_url


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
            "redirect_url": redirect_url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        redirect_url = d.pop("redirect_url")

        forgot = cls(
            email=email,
            redirect_url=redirect_url,
        )

        return forgot

