from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.search_sort_direction import SearchSortDirection
from ..models.search_sort_field import SearchSortField
from ..types import UNSET, Unset






T = TypeVar("T", bound="SearchSort")



@_attrs_define
class SearchSort:
    """ 
        Attributes:
            direction (SearchSortDirection | Unset):  Default: SearchSortDirection.DESC.
            field (SearchSortField | Unset):  Default: SearchSortField.CREATED_AT.
     """

    direction: SearchSortDirection | Unset = SearchSortDirection.DESC
    field: SearchSortField | Unset = SearchSortField.CREATED_AT





    def to_dict(self) -> dict[str, Any]:
        direction: str | Unset = UNSET
        if not isinstance(self.direction, Unset):
            direction = self.direction.value


        field: str | Unset = UNSET
        if not isinstance(self.field, Unset):
            field = self.field.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if direction is not UNSET:
            field_dict["direction"] = direction
        if field is not UNSET:
            field_dict["field"] = field

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _direction = d.pop("direction", UNSET)
        direction: SearchSortDirection | Unset
        if isinstance(_direction,  Unset):
            direction = UNSET
        else:
            direction = SearchSortDirection(_direction)




        _field = d.pop("field", UNSET)
        field: SearchSortField | Unset
        if isinstance(_field,  Unset):
            field = UNSET
        else:
            field = SearchSortField(_field)




        search_sort = cls(
            direction=direction,
            field=field,
        )

        return search_sort

