from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_user_role import CreateUserRole
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_user_private_metadata import CreateUserPrivateMetadata
  from ..models.create_user_public_metadata import CreateUserPublicMetadata





T = TypeVar("T", bound="CreateUser")



@_attrs_define
class CreateUser:
    """ POST /v1/users. Give password (hashed here) or password_hash (imported), or neither for a
        user who signs in by magic link. The tenant's password policy does not apply.

        Attributes:
            email (str):
            avatar_url (None | str | Unset):
            email_verified (bool | Unset):  Default: False.
            name (None | str | Unset):
            password (None | str | Unset):
            password_hash (None | str | Unset):
            phone (None | str | Unset):
            phone_verified (bool | Unset):  Default: False.
            private_metadata (CreateUserPrivateMetadata | Unset): Free-form JSON object
            public_metadata (CreateUserPublicMetadata | Unset): Free-form JSON object
            role (CreateUserRole | Unset):  Default: CreateUserRole.MEMBER.
            send_welcome_email (bool | Unset):  Default: False.
            username (None | str | Unset):
     """

    email: str
    avatar_url: None | str | Unset = UNSET
    email_verified: bool | Unset = False
    name: None | str | Unset = UNSET
    password: None | str | Unset = UNSET
    password_hash: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    phone_verified: bool | Unset = False
    private_metadata: CreateUserPrivateMetadata | Unset = UNSET
    public_metadata: CreateUserPublicMetadata | Unset = UNSET
    role: CreateUserRole | Unset = CreateUserRole.MEMBER
    send_welcome_email: bool | Unset = False
    username: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_user_private_metadata import CreateUserPrivateMetadata # noqa: PLC0415
        from ..models.create_user_public_metadata import CreateUserPublicMetadata # noqa: PLC0415
        email = self.email

        avatar_url: None | str | Unset
        if isinstance(self.avatar_url, Unset):
            avatar_url = UNSET
        else:
            avatar_url = self.avatar_url

        email_verified = self.email_verified

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        password: None | str | Unset
        if isinstance(self.password, Unset):
            password = UNSET
        else:
            password = self.password

        password_hash: None | str | Unset
        if isinstance(self.password_hash, Unset):
            password_hash = UNSET
        else:
            password_hash = self.password_hash

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        phone_verified = self.phone_verified

        private_metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.private_metadata, Unset):
            private_metadata = self.private_metadata.to_dict()

        public_metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.public_metadata, Unset):
            public_metadata = self.public_metadata.to_dict()

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value


        send_welcome_email = self.send_welcome_email

        username: None | str | Unset
        if isinstance(self.username, Unset):
            username = UNSET
        else:
            username = self.username


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
        })
        if avatar_url is not UNSET:
            field_dict["avatar_url"] = avatar_url
        if email_verified is not UNSET:
            field_dict["email_verified"] = email_verified
        if name is not UNSET:
            field_dict["name"] = name
        if password is not UNSET:
            field_dict["password"] = password
        if password_hash is not UNSET:
            field_dict["password_hash"] = password_hash
        if phone is not UNSET:
            field_dict["phone"] = phone
        if phone_verified is not UNSET:
            field_dict["phone_verified"] = phone_verified
        if private_metadata is not UNSET:
            field_dict["private_metadata"] = private_metadata
        if public_metadata is not UNSET:
            field_dict["public_metadata"] = public_metadata
        if role is not UNSET:
            field_dict["role"] = role
        if send_welcome_email is not UNSET:
            field_dict["send_welcome_email"] = send_welcome_email
        if username is not UNSET:
            field_dict["username"] = username

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_user_private_metadata import CreateUserPrivateMetadata # noqa: PLC0415
        from ..models.create_user_public_metadata import CreateUserPublicMetadata # noqa: PLC0415
        d = dict(src_dict)
        email = d.pop("email")

        def _parse_avatar_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        avatar_url = _parse_avatar_url(d.pop("avatar_url", UNSET))


        email_verified = d.pop("email_verified", UNSET)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        def _parse_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password = _parse_password(d.pop("password", UNSET))


        def _parse_password_hash(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password_hash = _parse_password_hash(d.pop("password_hash", UNSET))


        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))


        phone_verified = d.pop("phone_verified", UNSET)

        _private_metadata = d.pop("private_metadata", UNSET)
        private_metadata: CreateUserPrivateMetadata | Unset
        if isinstance(_private_metadata,  Unset):
            private_metadata = UNSET
        else:
            private_metadata = CreateUserPrivateMetadata.from_dict(_private_metadata)




        _public_metadata = d.pop("public_metadata", UNSET)
        public_metadata: CreateUserPublicMetadata | Unset
        if isinstance(_public_metadata,  Unset):
            public_metadata = UNSET
        else:
            public_metadata = CreateUserPublicMetadata.from_dict(_public_metadata)




        _role = d.pop("role", UNSET)
        role: CreateUserRole | Unset
        if isinstance(_role,  Unset):
            role = UNSET
        else:
            role = CreateUserRole(_role)




        send_welcome_email = d.pop("send_welcome_email", UNSET)

        def _parse_username(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        username = _parse_username(d.pop("username", UNSET))


        create_user = cls(
            email=email,
            avatar_url=avatar_url,
            email_verified=email_verified,
            name=name,
            password=password,
            password_hash=password_hash,
            phone=phone,
            phone_verified=phone_verified,
            private_metadata=private_metadata,
            public_metadata=public_metadata,
            role=role,
            send_welcome_email=send_welcome_email,
            username=username,
        )

        return create_user

