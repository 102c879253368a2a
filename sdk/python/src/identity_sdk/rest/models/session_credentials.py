from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SessionCredentials")



@_attrs_define
class SessionCredentials:
    """ The session object of sign-in style responses.

        Attributes:
            access_token (str):
            access_token_expires_at (str):
            id (str):
            refresh_token (str):
            refresh_token_expires_at (str):
     """

    access_token: str
    access_token_expires_at: str
    id: str
    refresh_token: str
    refresh_token_expires_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        access_token_expires_at = self.access_token_expires_at

        id = self.id

        refresh_token = self.refresh_token

        refresh_token_expires_at = self.refresh_token_expires_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "access_token": access_token,
            "access_token_expires_at": access_token_expires_at,
            "id": id,
            "refresh_token": refresh_token,
            "refresh_token_expires_at": refresh_token_expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        access_token = d.pop("access_token")

        access_token_expires_at = d.pop("access_token_expires_at")

        id = d.pop("id")

        refresh_token = d.pop("refresh_token")

        refresh_token_expires_at = d.pop("refresh_token_expires_at")

        session_credentials = cls(
            access_token=access_token,
            access_token_expires_at=access_token_expires_at,
            id=id,
            refresh_token=refresh_token,
            refresh_token_expires_at=refresh_token_expires_at,
        )


        session_credentials.additional_properties = d
        return session_credentials

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
