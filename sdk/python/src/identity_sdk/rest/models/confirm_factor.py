from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.confirm_factor_code_type_1 import ConfirmFactorCodeType1





T = TypeVar("T", bound="ConfirmFactor")



@_attrs_define
class ConfirmFactor:
    """ 
        Attributes:
            code (ConfirmFactorCodeType1 | str):
     """

    code: ConfirmFactorCodeType1 | str





    def to_dict(self) -> dict[str, Any]:
        from ..models.confirm_factor_code_type_1 import ConfirmFactorCodeType1 # noqa: PLC0415
        code: dict[str, Any] | str
        if isinstance(self.code, ConfirmFactorCodeType1):
            code = self.code.to_dict()
        else:
            code = self.code


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "code": code,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.confirm_factor_code_type_1 import ConfirmFactorCodeType1 # noqa: PLC0415
        d = dict(src_dict)
        def _parse_code(data: object) -> ConfirmFactorCodeType1 | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                code_type_1 = ConfirmFactorCodeType1.from_dict(data)



                return code_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConfirmFactorCodeType1 | str, data)

        code = _parse_code(d.pop("code"))


        confirm_factor = cls(
            code=code,
        )

        return confirm_factor

