from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="WebauthnInfo")



@_attrs_define
class WebauthnInfo:
    """ 
        Attributes:
            aaguid (None | str):
            backed_up (bool | None):
            credential_id (str):
            rp_id (str):
            transports (list[str]):
     """

    aaguid: None | str
    backed_up: bool | None
    credential_id: str
    rp_id: str
    transports: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        aaguid: None | str
        aaguid = self.aaguid

        backed_up: bool | None
        backed_up = self.backed_up

        credential_id = self.credential_id

        rp_id = self.rp_id

        transports = self.transports




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "aaguid": aaguid,
            "backed_up": backed_up,
            "credential_id": credential_id,
            "rp_id": rp_id,
            "transports": transports,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_aaguid(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        aaguid = _parse_aaguid(d.pop("aaguid"))


        def _parse_backed_up(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        backed_up = _parse_backed_up(d.pop("backed_up"))


        credential_id = d.pop("credential_id")

        rp_id = d.pop("rp_id")

        transports = cast(list[str], d.pop("transports"))


        webauthn_info = cls(
            aaguid=aaguid,
            backed_up=backed_up,
            credential_id=credential_id,
            rp_id=rp_id,
            transports=transports,
        )


        webauthn_info.additional_properties = d
        return webauthn_info

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
