from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_tenant_plan import UpdateTenantPlan
from ..models.update_tenant_status import UpdateTenantStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.auth_config_patch import AuthConfigPatch
  from ..models.rate_limits import RateLimits
  from ..models.update_tenant_private_metadata import UpdateTenantPrivateMetadata
  from ..models.update_tenant_public_metadata import UpdateTenantPublicMetadata





T = TypeVar("T", bound="UpdateTenant")



@_attrs_define
class UpdateTenant:
    """ 
        Attributes:
            auth_config (AuthConfigPatch | Unset):
            name (str | Unset):
            plan (UpdateTenantPlan | Unset):
            private_metadata (UpdateTenantPrivateMetadata | Unset): Free-form JSON object
            public_metadata (UpdateTenantPublicMetadata | Unset): Free-form JSON object
            rate_limits (None | RateLimits | Unset):
            slug (str | Unset):
            status (UpdateTenantStatus | Unset):
     """

    auth_config: AuthConfigPatch | Unset = UNSET
    name: str | Unset = UNSET
    plan: UpdateTenantPlan | Unset = UNSET
    private_metadata: UpdateTenantPrivateMetadata | Unset = UNSET
    public_metadata: UpdateTenantPublicMetadata | Unset = UNSET
    rate_limits: None | RateLimits | Unset = UNSET
    slug: str | Unset = UNSET
    status: UpdateTenantStatus | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.auth_config_patch import AuthConfigPatch # noqa: PLC0415
        from ..models.rate_limits import RateLimits # noqa: PLC0415
        from ..models.update_tenant_private_metadata import UpdateTenantPrivateMetadata # noqa: PLC0415
        from ..models.update_tenant_public_metadata import UpdateTenantPublicMetadata # noqa: PLC0415
        auth_config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.auth_config, Unset):
            auth_config = self.auth_config.to_dict()

        name = self.name

        plan: str | Unset = UNSET
        if not isinstance(self.plan, Unset):
            plan = self.plan.value


        private_metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.private_metadata, Unset):
            private_metadata = self.private_metadata.to_dict()

        public_metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.public_metadata, Unset):
            public_metadata = self.public_metadata.to_dict()

        rate_limits: dict[str, Any] | None | Unset
        if isinstance(self.rate_limits, Unset):
            rate_limits = UNSET
        elif isinstance(self.rate_limits, RateLimits):
            rate_limits = self.rate_limits.to_dict()
        else:
            rate_limits = self.rate_limits

        slug = self.slug

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if auth_config is not UNSET:
            field_dict["auth_config"] = auth_config
        if name is not UNSET:
            field_dict["name"] = name
        if plan is not UNSET:
            field_dict["plan"] = plan
        if private_metadata is not UNSET:
            field_dict["private_metadata"] = private_metadata
        if public_metadata is not UNSET:
            field_dict["public_metadata"] = public_metadata
        if rate_limits is not UNSET:
            field_dict["rate_limits"] = rate_limits
        if slug is not UNSET:
            field_dict["slug"] = slug
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.auth_config_patch import AuthConfigPatch # noqa: PLC0415
        from ..models.rate_limits import RateLimits # noqa: PLC0415
        from ..models.update_tenant_private_metadata import UpdateTenantPrivateMetadata # noqa: PLC0415
        from ..models.update_tenant_public_metadata import UpdateTenantPublicMetadata # noqa: PLC0415
        d = dict(src_dict)
        _auth_config = d.pop("auth_config", UNSET)
        auth_config: AuthConfigPatch | Unset
        if isinstance(_auth_config,  Unset):
            auth_config = UNSET
        else:
            auth_config = AuthConfigPatch.from_dict(_auth_config)




        name = d.pop("name", UNSET)

        _plan = d.pop("plan", UNSET)
        plan: UpdateTenantPlan | Unset
        if isinstance(_plan,  Unset):
            plan = UNSET
        else:
            plan = UpdateTenantPlan(_plan)




        _private_metadata = d.pop("private_metadata", UNSET)
        private_metadata: UpdateTenantPrivateMetadata | Unset
        if isinstance(_private_metadata,  Unset):
            private_metadata = UNSET
        else:
            private_metadata = UpdateTenantPrivateMetadata.from_dict(_private_metadata)




        _public_metadata = d.pop("public_metadata", UNSET)
        public_metadata: UpdateTenantPublicMetadata | Unset
        if isinstance(_public_metadata,  Unset):
            public_metadata = UNSET
        else:
            public_metadata = UpdateTenantPublicMetadata.from_dict(_public_metadata)




        def _parse_rate_limits(data: object) -> None | RateLimits | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rate_limits_type_0 = RateLimits.from_dict(data)



                return rate_limits_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RateLimits | Unset, data)

        rate_limits = _parse_rate_limits(d.pop("rate_limits", UNSET))


        slug = d.pop("slug", UNSET)

        _status = d.pop("status", UNSET)
        status: UpdateTenantStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = UpdateTenantStatus(_status)




        update_tenant = cls(
            auth_config=auth_config,
            name=name,
            plan=plan,
            private_metadata=private_metadata,
            public_metadata=public_metadata,
            rate_limits=rate_limits,
            slug=slug,
            status=status,
        )

        return update_tenant

