from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AdminCreateWebhook")



@_attrs_define
class AdminCreateWebhook:
    """ 
        Attributes:
            events (list[str]):
            secret (str):
            url (str):
            tenant_id (None | str | Unset):
     """

    events: list[str]
    secret: str
    url: str
    tenant_id: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        events = self.events



        secret = self.secret

        url = self.url

        tenant_id: None | str | Unset
        if isinstance(self.tenant_id, Unset):
            tenant_id = UNSET
        else:
            tenant_id = self.tenant_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "events": events,
            "secret": secret,
            "url": url,
        })
        if tenant_id is not UNSET:
            field_dict["tenant_id"] = tenant_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        events = cast(list[str], d.pop("events"))


        secret = d.pop("secret")

        url = d.pop("url")

        def _parse_tenant_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tenant_id = _parse_tenant_id(d.pop("tenant_id", UNSET))


        admin_create_webhook = cls(
            events=events,
            secret=secret,
            url=url,
            tenant_id=tenant_id,
        )

        return admin_create_webhook

