from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.update_organization_public_metadata import UpdateOrganizationPublicMetadata





T = TypeVar("T", bound="UpdateOrganization")



@_attrs_define
class UpdateOrganization:
    """ 
        Attributes:
            logo_url (None | str | Unset):
            name (str | Unset):
            public_metadata (UpdateOrganizationPublicMetadata | Unset): Free-form JSON object
            slug (str | Unset):
     """

    logo_url: None | str | Unset = UNSET
    name: str | Unset = UNSET
    public_metadata: UpdateOrganizationPublicMetadata | Unset = UNSET
    slug: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.update_organization_public_metadata import UpdateOrganizationPublicMetadata # noqa: PLC0415
        logo_url: None | str | Unset
        if isinstance(self.logo_url, Unset):
            logo_url = UNSET
        else:
            logo_url = self.logo_url

        name = self.name

        public_metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.public_metadata, Unset):
            public_metadata = self.public_metadata.to_dict()

        slug = self.slug


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if logo_url is not UNSET:
            field_dict["logo_url"] = logo_url
        if name is not UNSET:
            field_dict["name"] = name
        if public_metadata is not UNSET:
            field_dict["public_metadata"] = public_metadata
        if slug is not UNSET:
            field_dict["slug"] = slug

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_organization_public_metadata import UpdateOrganizationPublicMetadata # noqa: PLC0415
        d = dict(src_dict)
        def _parse_logo_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logo_url = _parse_logo_url(d.pop("logo_url", UNSET))


        name = d.pop("name", UNSET)

        _public_metadata = d.pop("public_metadata", UNSET)
        public_metadata: UpdateOrganizationPublicMetadata | Unset
        if isinstance(_public_metadata,  Unset):
            public_metadata = UNSET
        else:
            public_metadata = UpdateOrganizationPublicMetadata.from_dict(_public_metadata)




        slug = d.pop("slug", UNSET)

        update_organization = cls(
            logo_url=logo_url,
            name=name,
            public_metadata=public_metadata,
            slug=slug,
        )

        return update_organization

