from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SetActiveOrganization")



@_attrs_define
class SetActiveOrganization:
    """ 
        Attributes:
            organization_id (None | str):
     """

    organization_id: None | str





    def to_dict(self) -> dict[str, Any]:
        organization_id: None | str
        organization_id = self.organization_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "organization_id": organization_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_organization_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        organization_id = _parse_organization_id(d.pop("organization_id"))


        set_active_organization = cls(
            organization_id=organization_id,
        )

        return set_active_organization

