from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SignInForm")



@_attrs_define
class SignInForm:
    """ 
        Attributes:
            client_id (str):
            csrf_token (str):
            email (str):
            password (str):
            response_type (str):
            code_challenge (None | str | Unset):
            code_challenge_method (None | str | Unset):
            nonce (None | str | Unset):
            redirect_uri (None | str | Unset):
            scope (None | str | Unset):
            state (None | str | Unset):
     """

    client_id: str
    csrf_token: str
    email: str
    password: str
    response_type: str
    code_challenge: None | str | Unset = UNSET
    code_challenge_method: None | str | Unset = UNSET
    nonce: None | str | Unset = UNSET
    redirect_uri: None | str | Unset = UNSET
    scope: None | str | Unset = UNSET
    state: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        csrf_token = self.csrf_token

        email = self.email

        password = self.password

        response_type = self.response_type

        code_challenge: None | str | Unset
        if isinstance(self.code_challenge, Unset):
            code_challenge = UNSET
        else:
            code_challenge = self.code_challenge

        code_challenge_method: None | str | Unset
        if isinstance(self.code_challenge_method, Unset):
            code_challenge_method = UNSET
        else:
            code_challenge_method = self.code_challenge_method

        nonce: None | str | Unset
        if isinstance(self.nonce, Unset):
            nonce = UNSET
        else:
            nonce = self.nonce

        redirect_uri: None | str | Unset
        if isinstance(self.redirect_uri, Unset):
            redirect_uri = UNSET
        else:
            redirect_uri = self.redirect_uri

        scope: None | str | Unset
        if isinstance(self.scope, Unset):
            scope = UNSET
        else:
            scope = self.scope

        state: None | str | Unset
        if isinstance(self.state, Unset):
            state = UNSET
        else:
            state = self.state


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "client_id": client_id,
            "csrf_token": csrf_token,
            "email": email,
            "password": password,
            "response_type": response_type,
        })
        if code_challenge is not UNSET:
            field_dict["code_challenge"] = code_challenge
        if code_challenge_method is not UNSET:
            field_dict["code_challenge_method"] = code_challenge_method
        if nonce is not UNSET:
            field_dict["nonce"] = nonce
        if redirect_uri is not UNSET:
            field_dict["redirect_uri"] = redirect_uri
        if scope is not UNSET:
            field_dict["scope"] = scope
        if state is not UNSET:
            field_dict["state"] = state

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        csrf_token = d.pop("csrf_token")

        email = d.pop("email")

        password = d.pop("password")

        response_type = d.pop("response_type")

        def _parse_code_challenge(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        code_challenge = _parse_code_challenge(d.pop("code_challenge", UNSET))


        def _parse_code_challenge_method(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        code_challenge_method = _parse_code_challenge_method(d.pop("code_challenge_method", UNSET))


        def _parse_nonce(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nonce = _parse_nonce(d.pop("nonce", UNSET))


        def _parse_redirect_uri(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        redirect_uri = _parse_redirect_uri(d.pop("redirect_uri", UNSET))


        def _parse_scope(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        scope = _parse_scope(d.pop("scope", UNSET))


        def _parse_state(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        state = _parse_state(d.pop("state", UNSET))


        sign_in_form = cls(
            client_id=client_id,
            csrf_token=csrf_token,
            email=email,
            password=password,
            response_type=response_type,
            code_challenge=code_challenge,
            code_challenge_method=code_challenge_method,
            nonce=nonce,
            redirect_uri=redirect_uri,
            scope=scope,
            state=state,
        )


        sign_in_form.additional_properties = d
        return sign_in_form

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
