from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.public_user import PublicUser
  from ..models.session_credentials import SessionCredentials





T = TypeVar("T", bound="SignInResult")



@_attrs_define
class SignInResult:
    """ 
        Attributes:
            session (SessionCredentials): The session object of sign-in style responses.
            user (PublicUser): The user as a frontend sees it (no private_metadata).
     """

    session: SessionCredentials
    user: PublicUser
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.public_user import PublicUser # noqa: PLC0415
        from ..models.session_credentials import SessionCredentials # noqa: PLC0415
        session = self.session.to_dict()

        user = self.user.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "session": session,
            "user": user,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.public_user import PublicUser # noqa: PLC0415
        from ..models.session_credentials import SessionCredentials # noqa: PLC0415
        d = dict(src_dict)
        session = SessionCredentials.from_dict(d.pop("session"))




        user = PublicUser.from_dict(d.pop("user"))




        sign_in_result = cls(
            session=session,
            user=user,
        )


        sign_in_result.additional_properties = d
        return sign_in_result

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
