from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.enrollment_status import EnrollmentStatus
from ..models.enrollment_type import EnrollmentType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.totp_enrollment import TotpEnrollment
  from ..models.webauthn_options import WebauthnOptions





T = TypeVar("T", bound="Enrollment")



@_attrs_define
class Enrollment:
    """ 
        Attributes:
            factor_id (str):
            name (None | str):
            status (EnrollmentStatus):
            type_ (EnrollmentType):
            email (str | Unset):
            phone_number (str | Unset):
            totp (TotpEnrollment | Unset):
            webauthn (WebauthnOptions | Unset):
     """

    factor_id: str
    name: None | str
    status: EnrollmentStatus
    type_: EnrollmentType
    email: str | Unset = UNSET
    phone_number: str | Unset = UNSET
    totp: TotpEnrollment | Unset = UNSET
    webauthn: WebauthnOptions | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.totp_enrollment import TotpEnrollment # noqa: PLC0415
        from ..models.webauthn_options import WebauthnOptions # noqa: PLC0415
        factor_id = self.factor_id

        name: None | str
        name = self.name

        status = self.status.value

        type_ = self.type_.value

        email = self.email

        phone_number = self.phone_number

        totp: dict[str, Any] | Unset = UNSET
        if not isinstance(self.totp, Unset):
            totp = self.totp.to_dict()

        webauthn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webauthn, Unset):
            webauthn = self.webauthn.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "factor_id": factor_id,
            "name": name,
            "status": status,
            "type": type_,
        })
        if email is not UNSET:
            field_dict["email"] = email
        if phone_number is not UNSET:
            field_dict["phone_number"] = phone_number
        if totp is not UNSET:
            field_dict["totp"] = totp
        if webauthn is not UNSET:
            field_dict["webauthn"] = webauthn

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.totp_enrollment import TotpEnrollment # noqa: PLC0415
        from ..models.webauthn_options import WebauthnOptions # noqa: PLC0415
        d = dict(src_dict)
        factor_id = d.pop("factor_id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        status = EnrollmentStatus(d.pop("status"))




        type_ = EnrollmentType(d.pop("type"))




        email = d.pop("email", UNSET)

        phone_number = d.pop("phone_number", UNSET)

        _totp = d.pop("totp", UNSET)
        totp: TotpEnrollment | Unset
        if isinstance(_totp,  Unset):
            totp = UNSET
        else:
            totp = TotpEnrollment.from_dict(_totp)




        _webauthn = d.pop("webauthn", UNSET)
        webauthn: WebauthnOptions | Unset
        if isinstance(_webauthn,  Unset):
            webauthn = UNSET
        else:
            webauthn = WebauthnOptions.from_dict(_webauthn)




        enrollment = cls(
            factor_id=factor_id,
            name=name,
            status=status,
            type_=type_,
            email=email,
            phone_number=phone_number,
            totp=totp,
            webauthn=webauthn,
        )


        enrollment.additional_properties = d
        return enrollment

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
