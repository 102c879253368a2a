from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.hosted_texts_defaults import HostedTextsDefaults
  from ..models.hosted_texts_overrides import HostedTextsOverrides





T = TypeVar("T", bound="HostedTexts")



@_attrs_define
class HostedTexts:
    """ One language's texts: the tenant's overrides, and the default of every key.

        Attributes:
            defaults (HostedTextsDefaults):
            language (str):
            overrides (HostedTextsOverrides):
     """

    defaults: HostedTextsDefaults
    language: str
    overrides: HostedTextsOverrides
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.hosted_texts_defaults import HostedTextsDefaults # noqa: PLC0415
        from ..models.hosted_texts_overrides import HostedTextsOverrides # noqa: PLC0415
        defaults = self.defaults.to_dict()

        language = self.language

        overrides = self.overrides.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "defaults": defaults,
            "language": language,
            "overrides": overrides,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hosted_texts_defaults import HostedTextsDefaults # noqa: PLC0415
        from ..models.hosted_texts_overrides import HostedTextsOverrides # noqa: PLC0415
        d = dict(src_dict)
        defaults = HostedTextsDefaults.from_dict(d.pop("defaults"))




        language = d.pop("language")

        overrides = HostedTextsOverrides.from_dict(d.pop("overrides"))




        hosted_texts = cls(
            defaults=defaults,
            language=language,
            overrides=overrides,
        )


        hosted_texts.additional_properties = d
        return hosted_texts

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
