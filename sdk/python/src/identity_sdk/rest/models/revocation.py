from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.revocation_kind import RevocationKind






T = TypeVar("T", bound="Revocation")



@_attrs_define
class Revocation:
    """ The JSON `data` of an `event: revocation` on the stream.

        Attributes:
            forget_after (str):
            id (str):
            kind (RevocationKind):
            reason (str):
            revoked_at (str):
     """

    forget_after: str
    id: str
    kind: RevocationKind
    reason: str
    revoked_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        forget_after = self.forget_after

        id = self.id

        kind = self.kind.value

        reason = self.reason

        revoked_at = self.revoked_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "forget_after": forget_after,
            "id": id,
            "kind": kind,
            "reason": reason,
            "revoked_at": revoked_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        forget_after = d.pop("forget_after")

        id = d.pop("id")

        kind = RevocationKind(d.pop("kind"))




        reason = d.pop("reason")

        revoked_at = d.pop("revoked_at")

        revocation = cls(
            forget_after=forget_after,
            id=id,
            kind=kind,
            reason=reason,
            revoked_at=revoked_at,
        )


        revocation.additional_properties = d
        return revocation

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
