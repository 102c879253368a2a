from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.connection_provider import ConnectionProvider
from ..models.connection_token_endpoint_auth_method import ConnectionTokenEndpointAuthMethod
from typing import cast

if TYPE_CHECKING:
  from ..models.apple_out import AppleOut
  from ..models.endpoints_out import EndpointsOut
  from ..models.field_mapping_out import FieldMappingOut





T = TypeVar("T", bound="Connection")



@_attrs_define
class Connection:
    """ 
        Attributes:
            apple (AppleOut | None):
            callback_url (str):
            client_id (str):
            created_at (str):
            enabled (bool):
            endpoints (EndpointsOut):
            field_mapping (FieldMappingOut | None):
            has_client_secret (bool):
            id (str):
            name (str):
            provider (ConnectionProvider):
            scopes (list[str]):
            tenant_id (str):
            token_endpoint_auth_method (ConnectionTokenEndpointAuthMethod):
            updated_at (str):
     """

    apple: AppleOut | None
    callback_url: str
    client_id: str
    created_at: str
    enabled: bool
    endpoints: EndpointsOut
    field_mapping: FieldMappingOut | None
    has_client_secret: bool
    id: str
    name: str
    provider: ConnectionProvider
    scopes: list[str]
    tenant_id: str
    token_endpoint_auth_method: ConnectionTokenEndpointAuthMethod
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.apple_out import AppleOut # noqa: PLC0415
        from ..models.endpoints_out import EndpointsOut # noqa: PLC0415
        from ..models.field_mapping_out import FieldMappingOut # noqa: PLC0415
        apple: dict[str, Any] | None
        if isinstance(self.apple, AppleOut):
            apple = self.apple.to_dict()
        else:
            apple = self.apple

        callback_url = self.callback_url

        client_id = self.client_id

        created_at = self.created_at

        enabled = self.enabled

        endpoints = self.endpoints.to_dict()

        field_mapping: dict[str, Any] | None
        if isinstance(self.field_mapping, FieldMappingOut):
            field_mapping = self.field_mapping.to_dict()
        else:
            field_mapping = self.field_mapping

        has_client_secret = self.has_client_secret

        id = self.id

        name = self.name

        provider = self.provider.value

        scopes = self.scopes



        tenant_id = self.tenant_id

        token_endpoint_auth_method = self.token_endpoint_auth_method.value

        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "apple": apple,
            "callback_url": callback_url,
            "client_id": client_id,
            "created_at": created_at,
            "enabled": enabled,
            "endpoints": endpoints,
            "field_mapping": field_mapping,
            "has_client_secret": has_client_secret,
            "id": id,
            "name": name,
            "provider": provider,
            "scopes": scopes,
            "tenant_id": tenant_id,
            "token_endpoint_auth_method": token_endpoint_auth_method,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.apple_out import AppleOut # noqa: PLC0415
        from ..models.endpoints_out import EndpointsOut # noqa: PLC0415
        from ..models.field_mapping_out import FieldMappingOut # noqa: PLC0415
        d = dict(src_dict)
        def _parse_apple(data: object) -> AppleOut | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                apple_type_0 = AppleOut.from_dict(data)



                return apple_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AppleOut | None, data)

        apple = _parse_apple(d.pop("apple"))


        callback_url = d.pop("callback_url")

        client_id = d.pop("client_id")

        created_at = d.pop("created_at")

        enabled = d.pop("enabled")

        endpoints = EndpointsOut.from_dict(d.pop("endpoints"))




        def _parse_field_mapping(data: object) -> FieldMappingOut | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                field_mapping_type_0 = FieldMappingOut.from_dict(data)



                return field_mapping_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FieldMappingOut | None, data)

        field_mapping = _parse_field_mapping(d.pop("field_mapping"))


        has_client_secret = d.pop("has_client_secret")

        id = d.pop("id")

        name = d.pop("name")

        provider = ConnectionProvider(d.pop("provider"))




        scopes = cast(list[str], d.pop("scopes"))


        tenant_id = d.pop("tenant_id")

        token_endpoint_auth_method = ConnectionTokenEndpointAuthMethod(d.pop("token_endpoint_auth_method"))




        updated_at = d.pop("updated_at")

        connection = cls(
            apple=apple,
            callback_url=callback_url,
            client_id=client_id,
            created_at=created_at,
            enabled=enabled,
            endpoints=endpoints,
            field_mapping=field_mapping,
            has_client_secret=has_client_secret,
            id=id,
            name=name,
            provider=provider,
            scopes=scopes,
            tenant_id=tenant_id,
            token_endpoint_auth_method=token_endpoint_auth_method,
            updated_at=updated_at,
        )


        connection.additional_properties = d
        return connection

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
