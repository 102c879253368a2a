from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_user_role import UpdateUserRole
from ..models.update_user_status import UpdateUserStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.update_user_private_metadata import UpdateUserPrivateMetadata
  from ..models.update_user_public_metadata import UpdateUserPublicMetadata





T = TypeVar("T", bound="UpdateUser")



@_attrs_define
class UpdateUser:
    """ PATCH /v1/users/:id: every field optional; metadata objects replace the stored ones whole;
        null clears name, username, phone or avatar_url. status "disabled" disables the user (and
        revokes their sessions), "active" enables them.

        Attributes:
            avatar_url (None | str | Unset):
            email (str | Unset):
            email_verified (bool | Unset):
            name (None | str | Unset):
            phone (None | str | Unset):
            phone_verified (bool | Unset):
            private_metadata (UpdateUserPrivateMetadata | Unset): Free-form JSON object
            public_metadata (UpdateUserPublicMetadata | Unset): Free-form JSON object
            role (UpdateUserRole | Unset):
            status (UpdateUserStatus | Unset):
            username (None | str | Unset):
     """

    avatar_url: None | str | Unset = UNSET
    email: str | Unset = UNSET
    email_verified: bool | Unset = UNSET
    name: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    phone_verified: bool | Unset = UNSET
    private_metadata: UpdateUserPrivateMetadata | Unset = UNSET
    public_metadata: UpdateUserPublicMetadata | Unset = UNSET
    role: UpdateUserRole | Unset = UNSET
    status: UpdateUserStatus | Unset = UNSET
    username: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.update_user_private_metadata import UpdateUserPrivateMetadata # noqa: PLC0415
        from ..models.update_user_public_metadata import UpdateUserPublicMetadata # noqa: PLC0415
        avatar_url: None | str | Unset
        if isinstance(self.avatar_url, Unset):
            avatar_url = UNSET
        else:
            avatar_url = self.avatar_url

        email = self.email

        email_verified = self.email_verified

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

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


        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value


        username: None | str | Unset
        if isinstance(self.username, Unset):
            username = UNSET
        else:
            username = self.username


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if avatar_url is not UNSET:
            field_dict["avatar_url"] = avatar_url
        if email is not UNSET:
            field_dict["email"] = email
        if email_verified is not UNSET:
            field_dict["email_verified"] = email_verified
        if name is not UNSET:
            field_dict["name"] = name
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
        if status is not UNSET:
            field_dict["status"] = status
        if username is not UNSET:
            field_dict["username"] = username

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_user_private_metadata import UpdateUserPrivateMetadata # noqa: PLC0415
        from ..models.update_user_public_metadata import UpdateUserPublicMetadata # noqa: PLC0415
        d = dict(src_dict)
        def _parse_avatar_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        avatar_url = _parse_avatar_url(d.pop("avatar_url", UNSET))


        email = d.pop("email", UNSET)

        email_verified = d.pop("email_verified", UNSET)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))


        phone_verified = d.pop("phone_verified", UNSET)

        _private_metadata = d.pop("private_metadata", UNSET)
        private_metadata: UpdateUserPrivateMetadata | Unset
        if isinstance(_private_metadata,  Unset):
            private_metadata = UNSET
        else:
            private_metadata = UpdateUserPrivateMetadata.from_dict(_private_metadata)




        _public_metadata = d.pop("public_metadata", UNSET)
        public_metadata: UpdateUserPublicMetadata | Unset
        if isinstance(_public_metadata,  Unset):
            public_metadata = UNSET
        else:
            public_metadata = UpdateUserPublicMetadata.from_dict(_public_metadata)




        _role = d.pop("role", UNSET)
        role: UpdateUserRole | Unset
        if isinstance(_role,  Unset):
            role = UNSET
        else:
            role = UpdateUserRole(_role)




        _status = d.pop("status", UNSET)
        status: UpdateUserStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = UpdateUserStatus(_status)




        def _parse_username(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        username = _parse_username(d.pop("username", UNSET))


        update_user = cls(
            avatar_url=avatar_url,
            email=email,
            email_verified=email_verified,
            name=name,
            phone=phone,
            phone_verified=phone_verified,
            private_metadata=private_metadata,
            public_metadata=public_metadata,
            role=role,
            status=status,
            username=username,
        )

        return update_user

