from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.put_hosted_texts_texts import PutHostedTextsTexts





T = TypeVar("T", bound="PutHostedTexts")



@_attrs_define
class PutHostedTexts:
    """ 
        Attributes:
            texts (PutHostedTextsTexts):
     """

    texts: PutHostedTextsTexts





    def to_dict(self) -> dict[str, Any]:
        from ..models.put_hosted_texts_texts import PutHostedTextsTexts # noqa: PLC0415
        texts = self.texts.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "texts": texts,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.put_hosted_texts_texts import PutHostedTextsTexts # noqa: PLC0415
        d = dict(src_dict)
        texts = PutHostedTextsTexts.from_dict(d.pop("texts"))




        put_hosted_texts = cls(
            texts=texts,
        )

        return put_hosted_texts

