from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SignIn")



@_attrs_define
class SignIn:
    """ 
        Attributes:
            email (str):
            password (str):
            captcha_token (None | str | Unset):
     """

    email: str
    password: str
    captcha_token: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        email = self.email

        password = self.password

        captcha_token: None | str | Unset
        if isinstance(self.captcha_token, Unset):
            captcha_token = UNSET
        else:
            captcha_token = self.captcha_token


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
            "password": password,
        })
        if captcha_token is not UNSET:
            field_dict["captcha_token"] = captcha_token

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        password = d.pop("password")

        def _parse_captcha_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        captcha_token = _parse_captcha_token(d.pop("captcha_token", UNSET))


        sign_in = cls(
            email=email,
            password=password,
            captcha_token=captcha_token,
        )

        return sign_in

