from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_organization_public_metadata import CreateOrganizationPublicMetadata





T = TypeVar("T", bound="CreateOrganization")



@_attrs_define
class CreateOrganization:
    """ 
        Attributes:
            name (str):
            created_by (None | str | Unset):
            logo_url (None | str | Unset):
            public_metadata (CreateOrganizationPublicMetadata | Unset): Free-form JSON object
            slug (str | Unset):
     """

    name: str
    created_by: None | str | Unset = UNSET
    logo_url: None | str | Unset = UNSET
    public_metadata: CreateOrganizationPublicMetadata | Unset = UNSET
    slug: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_organization_public_metadata import CreateOrganizationPublicMetadata # noqa: PLC0415
        name = self.name

        created_by: None | str | Unset
        if isinstance(self.created_by, Unset):
            created_by = UNSET
        else:
            created_by = self.created_by

        logo_url: None | str | Unset
        if isinstance(self.logo_url, Unset):
            logo_url = UNSET
        else:
            logo_url = self.logo_url

        public_metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.public_metadata, Unset):
            public_metadata = self.public_metadata.to_dict()

        slug = self.slug


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
        })
        if created_by is not UNSET:
            field_dict["created_by"] = created_by
        if logo_url is not UNSET:
            field_dict["logo_url"] = logo_url
        if public_metadata is not UNSET:
            field_dict["public_metadata"] = public_metadata
        if slug is not UNSET:
            field_dict["slug"] = slug

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_organization_public_metadata import CreateOrganizationPublicMetadata # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_created_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_by = _parse_created_by(d.pop("created_by", UNSET))


        def _parse_logo_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logo_url = _parse_logo_url(d.pop("logo_url", UNSET))


        _public_metadata = d.pop("public_metadata", UNSET)
        public_metadata: CreateOrganizationPublicMetadata | Unset
        if isinstance(_public_metadata,  Unset):
            public_metadata = UNSET
        else:
            public_metadata = CreateOrganizationPublicMetadata.from_dict(_public_metadata)




        slug = d.pop("slug", UNSET)

        create_organization = cls(
            name=name,
            created_by=created_by,
            logo_url=logo_url,
            public_metadata=public_metadata,
            slug=slug,
        )

        return create_organization

