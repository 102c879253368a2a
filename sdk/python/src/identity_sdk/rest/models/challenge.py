from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.factor_summary import FactorSummary
  from ..models.webauthn_options import WebauthnOptions





T = TypeVar("T", bound="Challenge")



@_attrs_define
class Challenge:
    """ Also the mfa_challenge of a 403 mfa_required.

        Attributes:
            challenge_id (str):
            expires_at (str):
            factor_id (None | str):
            factor_type (str):
            factors (list[FactorSummary]):
            sent_to (str | Unset):
            webauthn (WebauthnOptions | Unset):
     """

    challenge_id: str
    expires_at: str
    factor_id: None | str
    factor_type: str
    factors: list[FactorSummary]
    sent_to: str | Unset = UNSET
    webauthn: WebauthnOptions | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.factor_summary import FactorSummary # noqa: PLC0415
        from ..models.webauthn_options import WebauthnOptions # noqa: PLC0415
        challenge_id = self.challenge_id

        expires_at = self.expires_at

        factor_id: None | str
        factor_id = self.factor_id

        factor_type = self.factor_type

        factors = []
        for factors_item_data in self.factors:
            factors_item = factors_item_data.to_dict()
            factors.append(factors_item)



        sent_to = self.sent_to

        webauthn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webauthn, Unset):
            webauthn = self.webauthn.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "challenge_id": challenge_id,
            "expires_at": expires_at,
            "factor_id": factor_id,
            "factor_type": factor_type,
            "factors": factors,
        })
        if sent_to is not UNSET:
            field_dict["sent_to"] = sent_to
        if webauthn is not UNSET:
            field_dict["webauthn"] = webauthn

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.factor_summary import FactorSummary # noqa: PLC0415
        from ..models.webauthn_options import WebauthnOptions # noqa: PLC0415
        d = dict(src_dict)
        challenge_id = d.pop("challenge_id")

        expires_at = d.pop("expires_at")

        def _parse_factor_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        factor_id = _parse_factor_id(d.pop("factor_id"))


        factor_type = d.pop("factor_type")

        factors = []
        _factors = d.pop("factors")
        for factors_item_data in (_factors):
            factors_item = FactorSummary.from_dict(factors_item_data)



            factors.append(factors_item)


        sent_to = d.pop("sent_to", UNSET)

        _webauthn = d.pop("webauthn", UNSET)
        webauthn: WebauthnOptions | Unset
        if isinstance(_webauthn,  Unset):
            webauthn = UNSET
        else:
            webauthn = WebauthnOptions.from_dict(_webauthn)




        challenge = cls(
            challenge_id=challenge_id,
            expires_at=expires_at,
            factor_id=factor_id,
            factor_type=factor_type,
            factors=factors,
            sent_to=sent_to,
            webauthn=webauthn,
        )


        challenge.additional_properties = d
        return challenge

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
