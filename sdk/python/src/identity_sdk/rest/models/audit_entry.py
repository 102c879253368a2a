from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.actor import Actor
  from ..models.audit_entry_metadata import AuditEntryMetadata
  from ..models.resource import Resource





T = TypeVar("T", bound="AuditEntry")



@_attrs_define
class AuditEntry:
    """ 
        Attributes:
            action (str):
            actor (Actor):
            created_at (str):
            id (str):
            ip_address (None | str):
            metadata (AuditEntryMetadata):
            resource (None | Resource):
            user_agent (None | str):
     """

    action: str
    actor: Actor
    created_at: str
    id: str
    ip_address: None | str
    metadata: AuditEntryMetadata
    resource: None | Resource
    user_agent: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.actor import Actor # noqa: PLC0415
        from ..models.audit_entry_metadata import AuditEntryMetadata # noqa: PLC0415
        from ..models.resource import Resource # noqa: PLC0415
        action = self.action

        actor = self.actor.to_dict()

        created_at = self.created_at

        id = self.id

        ip_address: None | str
        ip_address = self.ip_address

        metadata = self.metadata.to_dict()

        resource: dict[str, Any] | None
        if isinstance(self.resource, Resource):
            resource = self.resource.to_dict()
        else:
            resource = self.resource

        user_agent: None | str
        user_agent = self.user_agent


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "action": action,
            "actor": actor,
            "created_at": created_at,
            "id": id,
            "ip_address": ip_address,
            "metadata": metadata,
            "resource": resource,
            "user_agent": user_agent,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.actor import Actor # noqa: PLC0415
        from ..models.audit_entry_metadata import AuditEntryMetadata # noqa: PLC0415
        from ..models.resource import Resource # noqa: PLC0415
        d = dict(src_dict)
        action = d.pop("action")

        actor = Actor.from_dict(d.pop("actor"))




        created_at = d.pop("created_at")

        id = d.pop("id")

        def _parse_ip_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ip_address = _parse_ip_address(d.pop("ip_address"))


        metadata = AuditEntryMetadata.from_dict(d.pop("metadata"))




        def _parse_resource(data: object) -> None | Resource:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                resource_type_0 = Resource.from_dict(data)



                return resource_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Resource, data)

        resource = _parse_resource(d.pop("resource"))


        def _parse_user_agent(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_agent = _parse_user_agent(d.pop("user_agent"))


        audit_entry = cls(
            action=action,
            actor=actor,
            created_at=created_at,
            id=id,
            ip_address=ip_address,
            metadata=metadata,
            resource=resource,
            user_agent=user_agent,
        )


        audit_entry.additional_properties = d
        return audit_entry

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
