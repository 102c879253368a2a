from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_tenant_plan import CreateTenantPlan
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.auth_config_patch import AuthConfigPatch
  from ..models.create_tenant_private_metadata import CreateTenantPrivateMetadata
  from ..models.create_tenant_public_metadata import CreateTenantPublicMetadata
  from ..models.rate_limits import RateLimits





T = TypeVar("T", bound="CreateTenant")



@_attrs_define
class CreateTenant:
    """ 
        Attributes:
            name (str):
            auth_config (AuthConfigPatch | Unset):
            owner_email (str | Unset):
            plan (CreateTenantPlan | Unset):  Default: CreateTenantPlan.FREE.
            private_metadata (CreateTenantPrivateMetadata | Unset): Free-form JSON object
            public_metadata (CreateTenantPublicMetadata | Unset): Free-form JSON object
            rate_limits (None | RateLimits | Unset):
            slug (str | Unset):
     """

    name: str
    auth_config: AuthConfigPatch | Unset = UNSET
    owner_email: str | Unset = UNSET
    plan: CreateTenantPlan | Unset = CreateTenantPlan.FREE
    private_metadata: CreateTenantPrivateMetadata | Unset = UNSET
    public_metadata: CreateTenantPublicMetadata | Unset = UNSET
    rate_limits: None | RateLimits | Unset = UNSET
    slug: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.auth_config_patch import AuthConfigPatch # noqa: PLC0415
        from ..models.create_tenant_private_metadata import CreateTenantPrivateMetadata # noqa: PLC0415
        from ..models.create_tenant_public_metadata import CreateTenantPublicMetadata # noqa: PLC0415
        from ..models.rate_limits import RateLimits # noqa: PLC0415
        name = self.name

        auth_config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.auth_config, Unset):
            auth_config = self.auth_config.to_dict()

        owner_email = self.owner_email

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


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
        })
        if auth_config is not UNSET:
            field_dict["auth_config"] = auth_config
        if owner_email is not UNSET:
            field_dict["owner_email"] = owner_email
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

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.auth_config_patch import AuthConfigPatch # noqa: PLC0415
        from ..models.create_tenant_private_metadata import CreateTenantPrivateMetadata # noqa: PLC0415
        from ..models.create_tenant_public_metadata import CreateTenantPublicMetadata # noqa: PLC0415
        from ..models.rate_limits import RateLimits # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        _auth_config = d.pop("auth_config", UNSET)
        auth_config: AuthConfigPatch | Unset
        if isinstance(_auth_config,  Unset):
            auth_config = UNSET
        else:
            auth_config = AuthConfigPatch.from_dict(_auth_config)




        owner_email = d.pop("owner_email", UNSET)

        _plan = d.pop("plan", UNSET)
        plan: CreateTenantPlan | Unset
        if isinstance(_plan,  Unset):
            plan = UNSET
        else:
            plan = CreateTenantPlan(_plan)




        _private_metadata = d.pop("private_metadata", UNSET)
        private_metadata: CreateTenantPrivateMetadata | Unset
        if isinstance(_private_metadata,  Unset):
            private_metadata = UNSET
        else:
            private_metadata = CreateTenantPrivateMetadata.from_dict(_private_metadata)




        _public_metadata = d.pop("public_metadata", UNSET)
        public_metadata: CreateTenantPublicMetadata | Unset
        if isinstance(_public_metadata,  Unset):
            public_metadata = UNSET
        else:
            public_metadata = CreateTenantPublicMetadata.from_dict(_public_metadata)




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

        create_tenant = cls(
            name=name,
            auth_config=auth_config,
            owner_email=owner_email,
            plan=plan,
            private_metadata=private_metadata,
            public_metadata=public_metadata,
            rate_limits=rate_limits,
            slug=slug,
        )

        return create_tenant

