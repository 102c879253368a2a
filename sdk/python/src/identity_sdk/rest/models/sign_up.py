from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.sign_up_metadata_type_0 import SignUpMetadataType0





T = TypeVar("T", bound="SignUp")



@_attrs_define
class SignUp:
    """ 
        Attributes:
            email (str):
            password (str):
            captcha_token (None | str | Unset):
            metadata (None | SignUpMetadataType0 | Unset):
            name (None | str | Unset):
            username (None | str | Unset):
     """

    email: str
    password: str
    captcha_token: None | str | Unset = UNSET
    metadata: None | SignUpMetadataType0 | Unset = UNSET
    name: None | str | Unset = UNSET
    username: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.sign_up_metadata_type_0 import SignUpMetadataType0 # noqa: PLC0415
        email = self.email

        password = self.password

        captcha_token: None | str | Unset
        if isinstance(self.captcha_token, Unset):
            captcha_token = UNSET
        else:
            captcha_token = self.captcha_token

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, SignUpMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        username: None | str | Unset
        if isinstance(self.username, Unset):
            username = UNSET
        else:
            username = self.username


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
            "password": password,
        })
        if captcha_token is not UNSET:
            field_dict["captcha_token"] = captcha_token
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if name is not UNSET:
            field_dict["name"] = name
        if username is not UNSET:
            field_dict["username"] = username

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sign_up_metadata_type_0 import SignUpMetadataType0 # noqa: PLC0415
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


        def _parse_metadata(data: object) -> None | SignUpMetadataType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = SignUpMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SignUpMetadataType0 | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        def _parse_username(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        username = _parse_username(d.pop("username", UNSET))


        sign_up = cls(
            email=email,
            password=password,
            captcha_token=captcha_token,
            metadata=metadata,
            name=name,
            username=username,
        )

        return sign_up

