from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.organization_public_metadata import OrganizationPublicMetadata





T = TypeVar("T", bound="Organization")



@_attrs_define
class Organization:
    """ 
        Attributes:
            created_at (str):
            created_by (None | str):
            id (str):
            logo_url (None | str):
            member_count (int):
            name (str):
            public_metadata (OrganizationPublicMetadata):
            slug (str):
            tenant_id (str):
            updated_at (str):
     """

    created_at: str
    created_by: None | str
    id: str
    logo_url: None | str
    member_count: int
    name: str
    public_metadata: OrganizationPublicMetadata
    slug: str
    tenant_id: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.organization_public_metadata import OrganizationPublicMetadata # noqa: PLC0415
        created_at = self.created_at

        created_by: None | str
        created_by = self.created_by

        id = self.id

        logo_url: None | str
        logo_url = self.logo_url

        member_count = self.member_count

        name = self.name

        public_metadata = self.public_metadata.to_dict()

        slug = self.slug

        tenant_id = self.tenant_id

        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "created_by": created_by,
            "id": id,
            "logo_url": logo_url,
            "member_count": member_count,
            "name": name,
            "public_metadata": public_metadata,
            "slug": slug,
            "tenant_id": tenant_id,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.organization_public_metadata import OrganizationPublicMetadata # noqa: PLC0415
        d = dict(src_dict)
        created_at = d.pop("created_at")

        def _parse_created_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_by = _parse_created_by(d.pop("created_by"))


        id = d.pop("id")

        def _parse_logo_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        logo_url = _parse_logo_url(d.pop("logo_url"))


        member_count = d.pop("member_count")

        name = d.pop("name")

        public_metadata = OrganizationPublicMetadata.from_dict(d.pop("public_metadata"))




        slug = d.pop("slug")

        tenant_id = d.pop("tenant_id")

        updated_at = d.pop("updated_at")

        organization = cls(
            created_at=created_at,
            created_by=created_by,
            id=id,
            logo_url=logo_url,
            member_count=member_count,
            name=name,
            public_metadata=public_metadata,
            slug=slug,
            tenant_id=tenant_id,
            updated_at=updated_at,
        )


        organization.additional_properties = d
        return organization

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
