from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="EndSessionForm")



@_attrs_define
class EndSessionForm:
    """ 
        Attributes:
            client_id (None | str | Unset):
            csrf_token (None | str | Unset):
            id_token_hint (None | str | Unset):
            post_logout_redirect_uri (None | str | Unset):
            state (None | str | Unset):
     """

    client_id: None | str | Unset = UNSET
    csrf_token: None | str | Unset = UNSET
    id_token_hint: None | str | Unset = UNSET
    post_logout_redirect_uri: None | str | Unset = UNSET
    state: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        client_id: None | str | Unset
        if isinstance(self.client_id, Unset):
            client_id = UNSET
        else:
            client_id = self.client_id

        csrf_token: None | str | Unset
        if isinstance(self.csrf_token, Unset):
            csrf_token = UNSET
        else:
            csrf_token = self.csrf_token

        id_token_hint: None | str | Unset
        if isinstance(self.id_token_hint, Unset):
            id_token_hint = UNSET
        else:
            id_token_hint = self.id_token_hint

        post_logout_redirect_uri: None | str | Unset
        if isinstance(self.post_logout_redirect_uri, Unset):
            post_logout_redirect_uri = UNSET
        else:
            post_logout_redirect_uri = self.post_logout_redirect_uri

        state: None | str | Unset
        if isinstance(self.state, Unset):
            state = UNSET
        else:
            state = self.state


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if csrf_token is not UNSET:
            field_dict["csrf_token"] = csrf_token
        if id_token_hint is not UNSET:
            field_dict["id_token_hint"] = id_token_hint
        if post_logout_redirect_uri is not UNSET:
            field_dict["post_logout_redirect_uri"] = post_logout_redirect_uri
        if state is not UNSET:
            field_dict["state"] = state

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_client_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_id = _parse_client_id(d.pop("client_id", UNSET))


        def _parse_csrf_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        csrf_token = _parse_csrf_token(d.pop("csrf_token", UNSET))


        def _parse_id_token_hint(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        id_token_hint = _parse_id_token_hint(d.pop("id_token_hint", UNSET))


        def _parse_post_logout_redirect_uri(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        post_logout_redirect_uri = _parse_post_logout_redirect_uri(d.pop("post_logout_redirect_uri", UNSET))


        def _parse_state(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        state = _parse_state(d.pop("state", UNSET))


        end_session_form = cls(
            client_id=client_id,
            csrf_token=csrf_token,
            id_token_hint=id_token_hint,
            post_logout_redirect_uri=post_logout_redirect_uri,
            state=state,
        )


        end_session_form.additional_properties = d
        return end_session_form

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
