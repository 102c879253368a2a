from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Jwk")



@_attrs_define
class Jwk:
    """ An EC key (ES256: crv, x, y) or an RSA key (RS256: n, e).

        Attributes:
            alg (str):
            kid (str):
            kty (str):
            use (str):
            crv (str | Unset):
            e (str | Unset):
            n (str | Unset):
            x (str | Unset):
            y (str | Unset):
     """

    alg: str
    kid: str
    kty: str
    use: str
    crv: str | Unset = UNSET
    e: str | Unset = UNSET
    n: str | Unset = UNSET
    x: str | Unset = UNSET
    y: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        alg = self.alg

        kid = self.kid

        kty = self.kty

        use = self.use

        crv = self.crv

        e = self.e

        n = self.n

        x = self.x

        y = self.y


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "alg": alg,
            "kid": kid,
            "kty": kty,
            "use": use,
        })
        if crv is not UNSET:
            field_dict["crv"] = crv
        if e is not UNSET:
            field_dict["e"] = e
        if n is not UNSET:
            field_dict["n"] = n
        if x is not UNSET:
            field_dict["x"] = x
        if y is not UNSET:
            field_dict["y"] = y

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        alg = d.pop("alg")

        kid = d.pop("kid")

        kty = d.pop("kty")

        use = d.pop("use")

        crv = d.pop("crv", UNSET)

        e = d.pop("e", UNSET)

        n = d.pop("n", UNSET)

        x = d.pop("x", UNSET)

        y = d.pop("y", UNSET)

        jwk = cls(
            alg=alg,
            kid=kid,
            kty=kty,
            use=use,
            crv=crv,
            e=e,
            n=n,
            x=x,
            y=y,
        )


        jwk.additional_properties = d
        return jwk

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
