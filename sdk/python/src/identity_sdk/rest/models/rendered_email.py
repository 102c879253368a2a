from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RenderedEmail")



@_attrs_define
class RenderedEmail:
    """ 
        Attributes:
            body_html (str):
            body_text (str):
            subject (str):
     """

    body_html: str
    body_text: str
    subject: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        body_html = self.body_html

        body_text = self.body_text

        subject = self.subject


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        rendered_email = cls(
            body_html=body_html,
            body_text=body_text,
            subject=subject,
        )


        rendered_email.additional_properties = d
        return rendered_email

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
