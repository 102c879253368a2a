from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.preview_variables import PreviewVariables





T = TypeVar("T", bound="Preview")



@_attrs_define
class Preview:
    """ 
        Attributes:
            variables (PreviewVariables | Unset):
     """

    variables: PreviewVariables | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.preview_variables import PreviewVariables # noqa: PLC0415
        variables: dict[str, Any] | Unset = UNSET
        if not isinstance(self.variables, Unset):
            variables = self.variables.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if variables is not UNSET:
            field_dict["variables"] = variables

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.preview_variables import PreviewVariables # noqa: PLC0415
        d = dict(src_dict)
        _variables = d.pop("variables", UNSET)
        variables: PreviewVariables | Unset
        if isinstance(_variables,  Unset):
            variables = UNSET
        else:
            variables = PreviewVariables.from_dict(_variables)




        preview = cls(
            variables=variables,
        )

        return preview

