from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.user_private_metadata import UserPrivateMetadata
  from ..models.user_public_metadata import UserPublicMetadata





T = TypeVar("T", bound="User")



@_attrs_define
class User:
    """ The whole user, for secret-key callers: with private_metadata.

        Attributes:
            avatar_url (None | str):
            created_at (str):
            email (str):
            email_verified (bool):
            id (str):
            last_sign_in_at (None | str):
            mfa_enabled (bool):
            name (None | str):
            phone (None | str):
            phone_verified (bool):
            private_metadata (UserPrivateMetadata):
            public_metadata (UserPublicMetadata):
            role (str):
            status (str):
            updated_at (str):
            username (None | str):
     """

    avatar_url: None | str
    created_at: str
    email: str
    email_verified: bool
    id: str
    last_sign_in_at: None | str
    mfa_enabled: bool
    name: None | str
    phone: None | str
    phone_verified: bool
    private_metadata: UserPrivateMetadata
    public_metadata: UserPublicMetadata
    role: str
    status: str
    updated_at: str
    username: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.user_private_metadata import UserPrivateMetadata # noqa: PLC0415
        from ..models.user_public_metadata import UserPublicMetadata # noqa: PLC0415
        avatar_url: None | str
        avatar_url = self.avatar_url

        created_at = self.created_at

        email = self.email

        email_verified = self.email_verified

        id = self.id

        last_sign_in_at: None | str
        last_sign_in_at = self.last_sign_in_at

        mfa_enabled = self.mfa_enabled

        name: None | str
        name = self.name

        phone: None | str
        phone = self.phone

        phone_verified = self.phone_verified

        private_metadata = self.private_metadata.to_dict()

        public_metadata = self.public_metadata.to_dict()

        role = self.role

        status = self.status

        updated_at = self.updated_at

        username: None | str
        username = self.username


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "avatar_url": avatar_url,
            "created_at": created_at,
            "email": email,
            "email_verified": email_verified,
            "id": id,
            "last_sign_in_at": last_sign_in_at,
            "mfa_enabled": mfa_enabled,
            "name": name,
            "phone": phone,
            "phone_verified": phone_verified,
            "private_metadata": private_metadata,
            "public_metadata": public_metadata,
            "role": role,
            "status": status,
            "updated_at": updated_at,
            "username": username,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user_private_metadata import UserPrivateMetadata # noqa: PLC0415
        from ..models.user_public_metadata import UserPublicMetadata # noqa: PLC0415
        d = dict(src_dict)
        def _parse_avatar_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        avatar_url = _parse_avatar_url(d.pop("avatar_url"))


        created_at = d.pop("created_at")

        email = d.pop("email")

        email_verified = d.pop("email_verified")

        id = d.pop("id")

        def _parse_last_sign_in_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_sign_in_at = _parse_last_sign_in_at(d.pop("last_sign_in_at"))


        mfa_enabled = d.pop("mfa_enabled")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))


        phone_verified = d.pop("phone_verified")

        private_metadata = UserPrivateMetadata.from_dict(d.pop("private_metadata"))




        public_metadata = UserPublicMetadata.from_dict(d.pop("public_metadata"))




        role = d.pop("role")

        status = d.pop("status")

        updated_at = d.pop("updated_at")

        def _parse_username(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        username = _parse_username(d.pop("username"))


        user = cls(
            avatar_url=avatar_url,
            created_at=created_at,
            email=email,
            email_verified=email_verified,
            id=id,
            last_sign_in_at=last_sign_in_at,
            mfa_enabled=mfa_enabled,
            name=name,
            phone=phone,
            phone_verified=phone_verified,
            private_metadata=private_metadata,
            public_metadata=public_metadata,
            role=role,
            status=status,
            updated_at=updated_at,
            username=username,
        )


        user.additional_properties = d
        return user

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
