from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.factor_status import FactorStatus
from ..models.factor_type import FactorType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.webauthn_info import WebauthnInfo





T = TypeVar("T", bound="Factor")



@_attrs_define
class Factor:
    """ 
        Attributes:
            activated_at (None | str):
            created_at (str):
            id (str):
            last_used_at (None | str):
            name (None | str):
            status (FactorStatus):
            type_ (FactorType):
            updated_at (str):
            user_id (str):
            codes_remaining (int | Unset):
            email (str | Unset):
            phone_number (str | Unset):
            webauthn (WebauthnInfo | Unset):
     """

    activated_at: None | str
    created_at: str
    id: str
    last_used_at: None | str
    name: None | str
    status: FactorStatus
    type_: FactorType
    updated_at: str
    user_id: str
    codes_remaining: int | Unset = UNSET
    email: str | Unset = UNSET
    phone_number: str | Unset = UNSET
    webauthn: WebauthnInfo | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.webauthn_info import WebauthnInfo # noqa: PLC0415
        activated_at: None | str
        activated_at = self.activated_at

        created_at = self.created_at

        id = self.id

        last_used_at: None | str
        last_used_at = self.last_used_at

        name: None | str
        name = self.name

        status = self.status.value

        type_ = self.type_.value

        updated_at = self.updated_at

        user_id = self.user_id

        codes_remaining = self.codes_remaining

        email = self.email

        phone_number = self.phone_number

        webauthn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webauthn, Unset):
            webauthn = self.webauthn.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "activated_at": activated_at,
            "created_at": created_at,
            "id": id,
            "last_used_at": last_used_at,
            "name": name,
            "status": status,
            "type": type_,
            "updated_at": updated_at,
            "user_id": user_id,
        })
        if codes_remaining is not UNSET:
            field_dict["codes_remaining"] = codes_remaining
        if email is not UNSET:
            field_dict["email"] = email
        if phone_number is not UNSET:
            field_dict["phone_number"] = phone_number
        if webauthn is not UNSET:
            field_dict["webauthn"] = webauthn

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webauthn_info import WebauthnInfo # noqa: PLC0415
        d = dict(src_dict)
        def _parse_activated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        activated_at = _parse_activated_at(d.pop("activated_at"))


        created_at = d.pop("created_at")

        id = d.pop("id")

        def _parse_last_used_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))


        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        status = FactorStatus(d.pop("status"))




        type_ = FactorType(d.pop("type"))




        updated_at = d.pop("updated_at")

        user_id = d.pop("user_id")

        codes_remaining = d.pop("codes_remaining", UNSET)

        email = d.pop("email", UNSET)

        phone_number = d.pop("phone_number", UNSET)

        _webauthn = d.pop("webauthn", UNSET)
        webauthn: WebauthnInfo | Unset
        if isinstance(_webauthn,  Unset):
            webauthn = UNSET
        else:
            webauthn = WebauthnInfo.from_dict(_webauthn)




        factor = cls(
            activated_at=activated_at,
            created_at=created_at,
            id=id,
            last_used_at=last_used_at,
            name=name,
            status=status,
            type_=type_,
            updated_at=updated_at,
            user_id=user_id,
            codes_remaining=codes_remaining,
            email=email,
            phone_number=phone_number,
            webauthn=webauthn,
        )


        factor.additional_properties = d
        return factor

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
