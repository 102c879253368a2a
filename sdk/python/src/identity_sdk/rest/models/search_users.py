from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.search_filters import SearchFilters
  from ..models.search_sort import SearchSort





T = TypeVar("T", bound="SearchUsers")



@_attrs_define
class SearchUsers:
    """ 
        Attributes:
            cursor (None | str | Unset):
            filters (SearchFilters | Unset):
            limit (int | Unset):  Default: 20.
            query (None | str | Unset):
            sort (SearchSort | Unset):
     """

    cursor: None | str | Unset = UNSET
    filters: SearchFilters | Unset = UNSET
    limit: int | Unset = 20
    query: None | str | Unset = UNSET
    sort: SearchSort | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.search_filters import SearchFilters # noqa: PLC0415
        from ..models.search_sort import SearchSort # noqa: PLC0415
        cursor: None | str | Unset
        if isinstance(self.cursor, Unset):
            cursor = UNSET
        else:
            cursor = self.cursor

        filters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.filters, Unset):
            filters = self.filters.to_dict()

        limit = self.limit

        query: None | str | Unset
        if isinstance(self.query, Unset):
            query = UNSET
        else:
            query = self.query

        sort: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sort, Unset):
            sort = self.sort.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if cursor is not UNSET:
            field_dict["cursor"] = cursor
        if filters is not UNSET:
            field_dict["filters"] = filters
        if limit is not UNSET:
            field_dict["limit"] = limit
        if query is not UNSET:
            field_dict["query"] = query
        if sort is not UNSET:
            field_dict["sort"] = sort

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.search_filters import SearchFilters # noqa: PLC0415
        from ..models.search_sort import SearchSort # noqa: PLC0415
        d = dict(src_dict)
        def _parse_cursor(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cursor = _parse_cursor(d.pop("cursor", UNSET))


        _filters = d.pop("filters", UNSET)
        filters: SearchFilters | Unset
        if isinstance(_filters,  Unset):
            filters = UNSET
        else:
            filters = SearchFilters.from_dict(_filters)




        limit = d.pop("limit", UNSET)

        def _parse_query(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        query = _parse_query(d.pop("query", UNSET))


        _sort = d.pop("sort", UNSET)
        sort: SearchSort | Unset
        if isinstance(_sort,  Unset):
            sort = UNSET
        else:
            sort = SearchSort.from_dict(_sort)




        search_users = cls(
            cursor=cursor,
            filters=filters,
            limit=limit,
            query=query,
            sort=sort,
        )

        return search_users

