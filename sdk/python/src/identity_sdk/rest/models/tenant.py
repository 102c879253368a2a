from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tenant_plan import TenantPlan
from ..models.tenant_status import TenantStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.auth_config import AuthConfig
  from ..models.rate_limits import RateLimits
  from ..models.tenant_private_metadata import TenantPrivateMetadata
  from ..models.tenant_public_metadata import TenantPublicMetadata





T = TypeVar("T", bound="Tenant")



@_attrs_define
class Tenant:
    """ 
        Attributes:
            auth_config (AuthConfig): Stored and returned whole; PATCH merges an AuthConfigPatch into it.
            created_at (str):
            id (str):
            name (str):
            org_count (int):
            plan (TenantPlan):
            private_metadata (TenantPrivateMetadata):
            public_metadata (TenantPublicMetadata):
            rate_limits (None | RateLimits):
            slug (str):
            status (TenantStatus):
            updated_at (str):
            user_count (int):
     """

    auth_config: AuthConfig
    created_at: str
    id: str
    name: str
    org_count: int
    plan: TenantPlan
    private_metadata: TenantPrivateMetadata
    public_metadata: TenantPublicMetadata
    rate_limits: None | RateLimits
    slug: str
    status: TenantStatus
    updated_at: str
    user_count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.auth_config import AuthConfig # noqa: PLC0415
        from ..models.rate_limits import RateLimits # noqa: PLC0415
        from ..models.tenant_private_metadata import TenantPrivateMetadata # noqa: PLC0415
        from ..models.tenant_public_metadata import TenantPublicMetadata # noqa: PLC0415
        auth_config = self.auth_config.to_dict()

        created_at = self.created_at

        id = self.id

        name = self.name

        org_count = self.org_count

        plan = self.plan.value

        private_metadata = self.private_metadata.to_dict()

        public_metadata = self.public_metadata.to_dict()

        rate_limits: dict[str, Any] | None
        if isinstance(self.rate_limits, RateLimits):
            rate_limits = self.rate_limits.to_dict()
        else:
            rate_limits = self.rate_limits

        slug = self.slug

        status = self.status.value

        updated_at = self.updated_at

        user_count = self.user_count


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "auth_config": auth_config,
            "created_at": created_at,
            "id": id,
            "name": name,
            "org_count": org_count,
            "plan": plan,
            "private_metadata": private_metadata,
            "public_metadata": public_metadata,
            "rate_limits": rate_limits,
            "slug": slug,
            "status": status,
            "updated_at": updated_at,
            "user_count": user_count,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.auth_config import AuthConfig # noqa: PLC0415
        from ..models.rate_limits import RateLimits # noqa: PLC0415
        from ..models.tenant_private_metadata import TenantPrivateMetadata # noqa: PLC0415
        from ..models.tenant_public_metadata import TenantPublicMetadata # noqa: PLC0415
        d = dict(src_dict)
        auth_config = AuthConfig.from_dict(d.pop("auth_config"))




        created_at = d.pop("created_at")

        id = d.pop("id")

        name = d.pop("name")

        org_count = d.pop("org_count")

        plan = TenantPlan(d.pop("plan"))




        private_metadata = TenantPrivateMetadata.from_dict(d.pop("private_metadata"))




        public_metadata = TenantPublicMetadata.from_dict(d.pop("public_metadata"))




        def _parse_rate_limits(data: object) -> None | RateLimits:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rate_limits_type_0 = RateLimits.from_dict(data)



                return rate_limits_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RateLimits, data)

        rate_limits = _parse_rate_limits(d.pop("rate_limits"))


        slug = d.pop("slug")

        status = TenantStatus(d.pop("status"))




        updated_at = d.pop("updated_at")

        user_count = d.pop("user_count")

        tenant = cls(
            auth_config=auth_config,
            created_at=created_at,
            id=id,
            name=name,
            org_count=org_count,
            plan=plan,
            private_metadata=private_metadata,
            public_metadata=public_metadata,
            rate_limits=rate_limits,
            slug=slug,
            status=status,
            updated_at=updated_at,
            user_count=user_count,
        )


        tenant.additional_properties = d
        return tenant

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
