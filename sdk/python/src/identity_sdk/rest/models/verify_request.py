from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.verify_request_code_type_1 import VerifyRequestCodeType1





T = TypeVar("T", bound="VerifyRequest")



@_attrs_define
class VerifyRequest:
    """ 
        Attributes:
            challenge_id (str):
            code (str | VerifyRequestCodeType1):
            factor_id (None | str | Unset):
     """

    challenge_id: str
    code: str | VerifyRequestCodeType1
    factor_id: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.verify_request_code_type_1 import VerifyRequestCodeType1 # noqa: PLC0415
        challenge_id = self.challenge_id

        code: dict[str, Any] | str
        if isinstance(self.code, VerifyRequestCodeType1):
            code = self.code.to_dict()
        else:
            code = self.code

        factor_id: None | str | Unset
        if isinstance(self.factor_id, Unset):
            factor_id = UNSET
        else:
            factor_id = self.factor_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "challenge_id": challenge_id,
            "code": code,
        })
        if factor_id is not UNSET:
            field_dict["factor_id"] = factor_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.verify_request_code_type_1 import VerifyRequestCodeType1 # noqa: PLC0415
        d = dict(src_dict)
        challenge_id = d.pop("challenge_id")

        def _parse_code(data: object) -> str | VerifyRequestCodeType1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                code_type_1 = VerifyRequestCodeType1.from_dict(data)



                return code_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | VerifyRequestCodeType1, data)

        code = _parse_code(d.pop("code"))


        def _parse_factor_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        factor_id = _parse_factor_id(d.pop("factor_id", UNSET))


        verify_request = cls(
            challenge_id=challenge_id,
            code=code,
            factor_id=factor_id,
        )

        return verify_request

