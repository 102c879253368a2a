from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_invitation_role import CreateInvitationRole
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateInvitation")



@_attrs_define
class CreateInvitation:
    """ 
        Attributes:
            email (str):
            expires_in (str | Unset):  Default: '7d'.
            inviter_user_id (None | str | Unset):
            redirect_url (None | str | Unset):
            role (CreateInvitationRole | Unset):  Default: CreateInvitationRole.MEMBER.
     """

    email: str
    expires_in: str | Unset = '7d'
    inviter_user_id: None | str | Unset = UNSET
    redirect_url: None | str | Unset = UNSET
    role: CreateInvitationRole | Unset = CreateInvitationRole.MEMBER





    def to_dict(self) -> dict[str, Any]:
        email = self.email

        expires_in = self.expires_in

        inviter_user_id: None | str | Unset
        if isinstance(self.inviter_user_id, Unset):
            inviter_user_id = UNSET
        else:
            inviter_user_id = self.inviter_user_id

        redirect_url: None | str | Unset
        if isinstance(self.redirect_url, Unset):
            redirect_url = UNSET
        else:
            redirect_url = self.redirect_url

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
        })
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in
        if inviter_user_id is not UNSET:
            field_dict["inviter_user_id"] = inviter_user_id
        if redirect_url is not UNSET:
            field_dict["redirect_url"] = redirect_url
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        expires_in = d.pop("expires_in", UNSET)

        def _parse_inviter_user_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        inviter_user_id = _parse_inviter_user_id(d.pop("inviter_user_id", UNSET))


        def _parse_redirect_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        redirect_url = _parse_redirect_url(d.pop("redirect_url", UNSET))


        _role = d.pop("role", UNSET)
        role: CreateInvitationRole | Unset
        if isinstance(_role,  Unset):
            role = UNSET
        else:
            role = CreateInvitationRole(_role)




        create_invitation = cls(
            email=email,
            expires_in=expires_in,
            inviter_user_id=inviter_user_id,
            redirect_url=redirect_url,
            role=role,
        )

        return create_invitation

