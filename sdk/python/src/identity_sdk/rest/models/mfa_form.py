from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="MfaForm")



@_attrs_define
class MfaForm:
    """ 
        Attributes:
            challenge_id (str):
            client_id (str):
            code (str):
            csrf_token (str):
     """

    challenge_id: str
    client_id: str
    code: str
    csrf_token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        challenge_id = self.challenge_id

        client_id = self.client_id

        code = self.code

        csrf_token = self.csrf_token


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "challenge_id": challenge_id,
            "client_id": client_id,
            "code": code,
            "csrf_token": csrf_token,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        challenge_id = d.pop("challenge_id")

        client_id = d.pop("client_id")

        code = d.pop("code")

        csrf_token = d.pop("csrf_token")

        mfa_form = cls(
            challenge_id=challenge_id,
            client_id=client_id,
            code=code,
            csrf_token=csrf_token,
        )


        mfa_form.additional_properties = d
        return mfa_form

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
