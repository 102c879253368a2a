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





T = TypeVar("T", bound="ExchangeResult")



@_attrs_define
class ExchangeResult:
    """ 
        Attributes:
            identity_id (str):
            new_user (bool):
            session (SessionCredentials): The session object of sign-in style responses.
            user (PublicUser): The user as a frontend sees it (no private_metadata).
     """

    identity_id: str
    new_user: bool
    session: SessionCredentials
    user: PublicUser
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.public_user import PublicUser # noqa: PLC0415
        from ..models.session_credentials import SessionCredentials # noqa: PLC0415
        identity_id = self.identity_id

        new_user = self.new_user

        session = self.session.to_dict()

        user = self.user.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "identity_id": identity_id,
            "new_user": new_user,
            "session": session,
            "user": user,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.public_user import PublicUser # noqa: PLC0415
        from ..models.session_credentials import SessionCredentials # noqa: PLC0415
        d = dict(src_dict)
        identity_id = d.pop("identity_id")

        new_user = d.pop("new_user")

        session = SessionCredentials.from_dict(d.pop("session"))




        user = PublicUser.from_dict(d.pop("user"))




        exchange_result = cls(
            identity_id=identity_id,
            new_user=new_user,
            session=session,
            user=user,
        )


        exchange_result.additional_properties = d
        return exchange_result

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
