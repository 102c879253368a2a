from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.admin_mfa_stats import AdminMfaStats
  from ..models.auth_stats import AuthStats
  from ..models.organization_stats import OrganizationStats
  from ..models.session_stats import SessionStats
  from ..models.user_stats import UserStats





T = TypeVar("T", bound="Stats")



@_attrs_define
class Stats:
    """ 
        Attributes:
            auth (AuthStats):
            mfa (AdminMfaStats):
            organizations (OrganizationStats):
            sessions (SessionStats):
            users (UserStats):
     """

    auth: AuthStats
    mfa: AdminMfaStats
    organizations: OrganizationStats
    sessions: SessionStats
    users: UserStats
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.admin_mfa_stats import AdminMfaStats # noqa: PLC0415
        from ..models.auth_stats import AuthStats # noqa: PLC0415
        from ..models.organization_stats import OrganizationStats # noqa: PLC0415
        from ..models.session_stats import SessionStats # noqa: PLC0415
        from ..models.user_stats import UserStats # noqa: PLC0415
        auth = self.auth.to_dict()

        mfa = self.mfa.to_dict()

        organizations = self.organizations.to_dict()

        sessions = self.sessions.to_dict()

        users = self.users.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "auth": auth,
            "mfa": mfa,
            "organizations": organizations,
            "sessions": sessions,
            "users": users,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.admin_mfa_stats import AdminMfaStats # noqa: PLC0415
        from ..models.auth_stats import AuthStats # noqa: PLC0415
        from ..models.organization_stats import OrganizationStats # noqa: PLC0415
        from ..models.session_stats import SessionStats # noqa: PLC0415
        from ..models.user_stats import UserStats # noqa: PLC0415
        d = dict(src_dict)
        auth = AuthStats.from_dict(d.pop("auth"))




        mfa = AdminMfaStats.from_dict(d.pop("mfa"))




        organizations = OrganizationStats.from_dict(d.pop("organizations"))




        sessions = SessionStats.from_dict(d.pop("sessions"))




        users = UserStats.from_dict(d.pop("users"))




        stats = cls(
            auth=auth,
            mfa=mfa,
            organizations=organizations,
            sessions=sessions,
            users=users,
        )


        stats.additional_properties = d
        return stats

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
