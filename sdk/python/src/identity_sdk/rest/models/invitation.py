from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.invitation_role import InvitationRole
from ..models.invitation_status import InvitationStatus
from typing import cast






T = TypeVar("T", bound="Invitation")



@_attrs_define
class Invitation:
    """ 
        Attributes:
            accepted_at (None | str):
            created_at (str):
            email (str):
            expires_at (str):
            id (str):
            inviter_user_id (None | str):
            org_id (str):
            redirect_url (None | str):
            revoked_at (None | str):
            role (InvitationRole):
            status (InvitationStatus):
     """

    accepted_at: None | str
    created_at: str
    email: str
    expires_at: str
    id: str
    inviter_user_id: None | str
    org_id: str
    redirect_url: None | str
    revoked_at: None | str
    role: InvitationRole
    status: InvitationStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        accepted_at: None | str
        accepted_at = self.accepted_at

        created_at = self.created_at

        email = self.email

        expires_at = self.expires_at

        id = self.id

        inviter_user_id: None | str
        inviter_user_id = self.inviter_user_id

        org_id = self.org_id

        redirect_url: None | str
        redirect_url = self.redirect_url

        revoked_at: None | str
        revoked_at = self.revoked_at

        role = self.role.value

        status = self.status.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accepted_at": accepted_at,
            "created_at": created_at,
            "email": email,
            "expires_at": expires_at,
            "id": id,
            "inviter_user_id": inviter_user_id,
            "org_id": org_id,
            "redirect_url": redirect_url,
            "revoked_at": revoked_at,
            "role": role,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_accepted_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        accepted_at = _parse_accepted_at(d.pop("accepted_at"))


        created_at = d.pop("created_at")

        email = d.pop("email")

        expires_at = d.pop("expires_at")

        id = d.pop("id")

        def _parse_inviter_user_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        inviter_user_id = _parse_inviter_user_id(d.pop("inviter_user_id"))


        org_id = d.pop("org_id")

        def _parse_redirect_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        redirect_url = _parse_redirect_url(d.pop("redirect_url"))


        def _parse_revoked_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))


        role = InvitationRole(d.pop("role"))




        status = InvitationStatus(d.pop("status"))




        invitation = cls(
            accepted_at=accepted_at,
            created_at=created_at,
            email=email,
            expires_at=expires_at,
            id=id,
            inviter_user_id=inviter_user_id,
            org_id=org_id,
            redirect_url=redirect_url,
            revoked_at=revoked_at,
            role=role,
            status=status,
        )


        invitation.additional_properties = d
        return invitation

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
