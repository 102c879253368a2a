from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="PutTemplate")



@_attrs_define
class PutTemplate:
    """ 
        Attributes:
            body_html (str):
            body_text (str):
            subject (str):
     """

    body_html: str
    body_text: str
    subject: str





    def to_dict(self) -> dict[str, Any]:
        body_html = self.body_html

        body_text = self.body_text

        subject = self.subject


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "body_html": body_html,
            "body_text": body_text,
            "subject": subject,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        body_html = d.pop("body_html")

        body_text = d.pop("body_text")

        subject = d.pop("subject")

        put_template = cls(
            body_html=body_html,
            body_text=body_text,
            subject=subject,
        )

        return put_template

