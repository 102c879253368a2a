from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TokenHintForm")



@_attrs_define
class TokenHintForm:
    """ 
        Attributes:
            token (str):
            client_assertion (None | str | Unset):
            client_assertion_type (None | str | Unset):
            client_id (None | str | Unset):
            client_secret (None | str | Unset):
            token_type_hint (None | str | Unset):
     """

    token: str
    client_assertion: None | str | Unset = UNSET
    client_assertion_type: None | str | Unset = UNSET
    client_id: None | str | Unset = UNSET
    client_secret: None | str | Unset = UNSET
    token_type_hint: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        token = self.token

        client_assertion: None | str | Unset
        if isinstance(self.client_assertion, Unset):
            client_assertion = UNSET
        else:
            client_assertion = self.client_assertion

        client_assertion_type: None | str | Unset
        if isinstance(self.client_assertion_type, Unset):
            client_assertion_type = UNSET
        else:
            client_assertion_type = self.client_assertion_type

        client_id: None | str | Unset
        if isinstance(self.client_id, Unset):
            client_id = UNSET
        else:
            client_id = self.client_id

        client_secret: None | str | Unset
        if isinstance(self.client_secret, Unset):
            client_secret = UNSET
        else:
            client_secret = self.client_secret

        token_type_hint: None | str | Unset
        if isinstance(self.token_type_hint, Unset):
            token_type_hint = UNSET
        else:
            token_type_hint = self.token_type_hint


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "token": token,
        })
        if client_assertion is not UNSET:
            field_dict["client_assertion"] = client_assertion
        if client_assertion_type is not UNSET:
            field_dict["client_assertion_type"] = client_assertion_type
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if client_secret is not UNSET:
            field_dict["client_secret"] = client_secret
        if token_type_hint is not UNSET:
            field_dict["token_type_hint"] = token_type_hint

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        def _parse_client_assertion(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_assertion = _parse_client_assertion(d.pop("client_assertion", UNSET))


        def _parse_client_assertion_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_assertion_type = _parse_client_assertion_type(d.pop("client_assertion_type", UNSET))


        def _parse_client_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_id = _parse_client_id(d.pop("client_id", UNSET))


        def _parse_client_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_secret = _parse_client_secret(d.pop("client_secret", UNSET))


        def _parse_token_type_hint(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        token_type_hint = _parse_token_type_hint(d.pop("token_type_hint", UNSET))


        token_hint_form = cls(
            token=token,
            client_assertion=client_assertion,
            client_assertion_type=client_assertion_type,
            client_id=client_id,
            client_secret=client_secret,
            token_type_hint=token_type_hint,
        )


        token_hint_form.additional_properties = d
        return token_hint_form

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
