from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.public_user import PublicUser





T = TypeVar("T", bound="PasswordChanged")



@_attrs_define
class PasswordChanged:
    """ 
        Attributes:
            sessions_revoked (int):
            user (PublicUser): The user as a frontend sees it (no private_metadata).
     """

    sessions_revoked: int
    user: PublicUser
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.public_user import PublicUser # noqa: PLC0415
        sessions_revoked = self.sessions_revoked

        user = self.user.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "sessions_revoked": sessions_revoked,
            "user": user,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.public_user import PublicUser # noqa: PLC0415
        d = dict(src_dict)
        sessions_revoked = d.pop("sessions_revoked")

        user = PublicUser.from_dict(d.pop("user"))




        password_changed = cls(
            sessions_revoked=sessions_revoked,
            user=user,
        )


        password_changed.additional_properties = d
        return password_changed

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
