from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.me_public_metadata import MePublicMetadata





T = TypeVar("T", bound="Me")



@_attrs_define
class Me:
    """ 
        Attributes:
            created_at (str):
            email (str):
            email_verified (bool):
            id (str):
            mfa_enabled (bool):
            name (None | str):
            public_metadata (MePublicMetadata):
            role (str):
            updated_at (str):
     """

    created_at: str
    email: str
    email_verified: bool
    id: str
    mfa_enabled: bool
    name: None | str
    public_metadata: MePublicMetadata
    role: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.me_public_metadata import MePublicMetadata # noqa: PLC0415
        created_at = self.created_at

        email = self.email

        email_verified = self.email_verified

        id = self.id

        mfa_enabled = self.mfa_enabled

        name: None | str
        name = self.name

        public_metadata = self.public_metadata.to_dict()

        role = self.role

        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "email": email,
            "email_verified": email_verified,
            "id": id,
            "mfa_enabled": mfa_enabled,
            "name": name,
            "public_metadata": public_metadata,
            "role": role,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.me_public_metadata import MePublicMetadata # noqa: PLC0415
        d = dict(src_dict)
        created_at = d.pop("created_at")

        email = d.pop("email")

        email_verified = d.pop("email_verified")

        id = d.pop("id")

        mfa_enabled = d.pop("mfa_enabled")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        public_metadata = MePublicMetadata.from_dict(d.pop("public_metadata"))




        role = d.pop("role")

        updated_at = d.pop("updated_at")

        me = cls(
            created_at=created_at,
            email=email,
            email_verified=email_verified,
            id=id,
            mfa_enabled=mfa_enabled,
            name=name,
            public_metadata=public_metadata,
            role=role,
            updated_at=updated_at,
        )


        me.additional_properties = d
        return me

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
