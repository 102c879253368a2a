from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.auth_verify_request_factor_type import AuthVerifyRequestFactorType
from typing import cast

if TYPE_CHECKING:
  from ..models.auth_verify_request_code_type_1 import AuthVerifyRequestCodeType1





T = TypeVar("T", bound="AuthVerifyRequest")



@_attrs_define
class AuthVerifyRequest:
    """ 
        Attributes:
            challenge_id (str):
            code (AuthVerifyRequestCodeType1 | str):
            factor_type (AuthVerifyRequestFactorType):
     """

    challenge_id: str
    code: AuthVerifyRequestCodeType1 | str
    factor_type: AuthVerifyRequestFactorType





    def to_dict(self) -> dict[str, Any]:
        from ..models.auth_verify_request_code_type_1 import AuthVerifyRequestCodeType1 # noqa: PLC0415
        challenge_id = self.challenge_id

        code: dict[str, Any] | str
        if isinstance(self.code, AuthVerifyRequestCodeType1):
            code = self.code.to_dict()
        else:
            code = self.code

        factor_type = self.factor_type.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "challenge_id": challenge_id,
            "code": code,
            "factor_type": factor_type,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.auth_verify_request_code_type_1 import AuthVerifyRequestCodeType1 # noqa: PLC0415
        d = dict(src_dict)
        challenge_id = d.pop("challenge_id")

        def _parse_code(data: object) -> AuthVerifyRequestCodeType1 | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                code_type_1 = AuthVerifyRequestCodeType1.from_dict(data)



                return code_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuthVerifyRequestCodeType1 | str, data)

        code = _parse_code(d.pop("code"))


        factor_type = AuthVerifyRequestFactorType(d.pop("factor_type"))




        auth_verify_request = cls(
            challenge_id=challenge_id,
            code=code,
            factor_type=factor_type,
        )

        return auth_verify_request

