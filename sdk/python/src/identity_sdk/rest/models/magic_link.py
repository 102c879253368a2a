from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="MagicLink")



@_attrs_define
class MagicLink:
    """ 
        Attributes:
            email (str):
            redirect_url (str): An absolute http(s) URL whose origin (scheme, host, port) is exactly one of the tenant's
                auth_config.allowed_origins; no credentials, spaces or backslashes. An empty allowed_origins or '*' matches no
                redirect (422 validation_error).
            create_if_not_exists (bool | Unset):  Default: False.
     """

    email: str
    redirect_url: str
    create_if_not_exists: bool | Unset = False





    def to_dict(self) -> dict[str, Any]:
        email = self.email

        redirect_url = self.redirect_url

        create_if_not_exists = self.create_if_not_exists


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
            "redirect_url": redirect_url,
        })
        if create_if_not_exists is not UNSET:
            field_dict["create_if_not_exists"] = create_if_not_exists

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        redirect_url = d.pop("redirect_url")

        create_if_not_exists = d.pop("create_if_not_exists", UNSET)

        magic_link = cls(
            email=email,
            redirect_url=redirect_url,
            create_if_not_exists=create_if_not_exists,
        )

        return magic_link

