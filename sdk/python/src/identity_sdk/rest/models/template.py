from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Template")



@_attrs_define
class Template:
    """ 
        Attributes:
            body_html (str):
            body_text (str):
            customized (bool):
            id (str):
            subject (str):
            updated_at (None | str):
            variables (list[str]):
     """

    body_html: str
    body_text: str
    customized: bool
    id: str
    subject: str
    updated_at: None | str
    variables: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        body_html = self.body_html

        body_text = self.body_text

        customized = self.customized

        id = self.id

        subject = self.subject

        updated_at: None | str
        updated_at = self.updated_at

        variables = self.variables




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "body_html": body_html,
            "body_text": body_text,
            "customized": customized,
            "id": id,
            "subject": subject,
            "updated_at": updated_at,
            "variables": variables,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        body_html = d.pop("body_html")

        body_text = d.pop("body_text")

        customized = d.pop("customized")

        id = d.pop("id")

        subject = d.pop("subject")

        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))


        variables = cast(list[str], d.pop("variables"))


        template = cls(
            body_html=body_html,
            body_text=body_text,
            customized=customized,
            id=id,
            subject=subject,
            updated_at=updated_at,
            variables=variables,
        )


        template.additional_properties = d
        return template

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
