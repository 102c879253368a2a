from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="MfaForm")



@_attrs_define
class MfaForm:
    """ 
        Attributes:
            code (str):
            csrf_token (str):
            challenge_id (None | str | Unset):
            client_id (None | str | Unset):
            flow (None | str | Unset):
     """

    code: str
    csrf_token: str
    challenge_id: None | str | Unset = UNSET
    client_id: None | str | Unset = UNSET
    flow: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        code = self.code

        csrf_token = self.csrf_token

        challenge_id: None | str | Unset
        if isinstance(self.challenge_id, Unset):
            challenge_id = UNSET
        else:
            challenge_id = self.challenge_id

        client_id: None | str | Unset
        if isinstance(self.client_id, Unset):
            client_id = UNSET
        else:
            client_id = self.client_id

        flow: None | str | Unset
        if isinstance(self.flow, Unset):
            flow = UNSET
        else:
            flow = self.flow


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "csrf_token": csrf_token,
        })
        if challenge_id is not UNSET:
            field_dict["challenge_id"] = challenge_id
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if flow is not UNSET:
            field_dict["flow"] = flow

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        csrf_token = d.pop("csrf_token")

        def _parse_challenge_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        challenge_id = _parse_challenge_id(d.pop("challenge_id", UNSET))


        def _parse_client_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_id = _parse_client_id(d.pop("client_id", UNSET))


        def _parse_flow(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        flow = _parse_flow(d.pop("flow", UNSET))


        mfa_form = cls(
            code=code,
            csrf_token=csrf_token,
            challenge_id=challenge_id,
            client_id=client_id,
            flow=flow,
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
