from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.passkey_sign_in_credential_type_1 import PasskeySignInCredentialType1





T = TypeVar("T", bound="PasskeySignIn")



@_attrs_define
class PasskeySignIn:
    """ 
        Attributes:
            credential (PasskeySignInCredentialType1 | str):
     """

    credential: PasskeySignInCredentialType1 | str





    def to_dict(self) -> dict[str, Any]:
        from ..models.passkey_sign_in_credential_type_1 import PasskeySignInCredentialType1 # noqa: PLC0415
        credential: dict[str, Any] | str
        if isinstance(self.credential, PasskeySignInCredentialType1):
            credential = self.credential.to_dict()
        else:
            credential = self.credential


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "credential": credential,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.passkey_sign_in_credential_type_1 import PasskeySignInCredentialType1 # noqa: PLC0415
        d = dict(src_dict)
        def _parse_credential(data: object) -> PasskeySignInCredentialType1 | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                credential_type_1 = PasskeySignInCredentialType1.from_dict(data)



                return credential_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(PasskeySignInCredentialType1 | str, data)

        credential = _parse_credential(d.pop("credential"))


        passkey_sign_in = cls(
            credential=credential,
        )

        return passkey_sign_in

