from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.org_stats import OrgStats
  from ..models.sessions_stats import SessionsStats
  from ..models.tenant_mfa_stats import TenantMfaStats
  from ..models.users_stats import UsersStats





T = TypeVar("T", bound="TenantStats")



@_attrs_define
class TenantStats:
    """ 
        Attributes:
            mfa (TenantMfaStats):
            organizations (OrgStats):
            sessions (SessionsStats):
            tenant_id (str):
            users (UsersStats):
     """

    mfa: TenantMfaStats
    organizations: OrgStats
    sessions: SessionsStats
    tenant_id: str
    users: UsersStats
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.org_stats import OrgStats # noqa: PLC0415
        from ..models.sessions_stats import SessionsStats # noqa: PLC0415
        from ..models.tenant_mfa_stats import TenantMfaStats # noqa: PLC0415
        from ..models.users_stats import UsersStats # noqa: PLC0415
        mfa = self.mfa.to_dict()

        organizations = self.organizations.to_dict()

        sessions = self.sessions.to_dict()

        tenant_id = self.tenant_id

        users = self.users.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "mfa": mfa,
            "organizations": organizations,
            "sessions": sessions,
            "tenant_id": tenant_id,
            "users": users,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.org_stats import OrgStats # noqa: PLC0415
        from ..models.sessions_stats import SessionsStats # noqa: PLC0415
        from ..models.tenant_mfa_stats import TenantMfaStats # noqa: PLC0415
        from ..models.users_stats import UsersStats # noqa: PLC0415
        d = dict(src_dict)
        mfa = TenantMfaStats.from_dict(d.pop("mfa"))




        organizations = OrgStats.from_dict(d.pop("organizations"))




        sessions = SessionsStats.from_dict(d.pop("sessions"))




        tenant_id = d.pop("tenant_id")

        users = UsersStats.from_dict(d.pop("users"))




        tenant_stats = cls(
            mfa=mfa,
            organizations=organizations,
            sessions=sessions,
            tenant_id=tenant_id,
            users=users,
        )


        tenant_stats.additional_properties = d
        return tenant_stats

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
