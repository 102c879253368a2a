from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_connection_provider import CreateConnectionProvider
from ..models.create_connection_token_endpoint_auth_method_type_0 import CreateConnectionTokenEndpointAuthMethodType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.apple_key import AppleKey
  from ..models.endpoints import Endpoints
  from ..models.field_mapping import FieldMapping





T = TypeVar("T", bound="CreateConnection")



@_attrs_define
class CreateConnection:
    """ 
        Attributes:
            client_id (str):
            provider (CreateConnectionProvider):
            apple (AppleKey | None | Unset):
            client_secret (None | str | Unset):
            enabled (bool | Unset):  Default: True.
            endpoints (Endpoints | None | Unset):
            field_mapping (FieldMapping | None | Unset):
            name (None | str | Unset):
            scopes (list[str] | None | Unset):
            token_endpoint_auth_method (CreateConnectionTokenEndpointAuthMethodType0 | None | Unset):
     """

    client_id: str
    provider: CreateConnectionProvider
    apple: AppleKey | None | Unset = UNSET
    client_secret: None | str | Unset = UNSET
    enabled: bool | Unset = True
    endpoints: Endpoints | None | Unset = UNSET
    field_mapping: FieldMapping | None | Unset = UNSET
    name: None | str | Unset = UNSET
    scopes: list[str] | None | Unset = UNSET
    token_endpoint_auth_method: CreateConnectionTokenEndpointAuthMethodType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.apple_key import AppleKey # noqa: PLC0415
        from ..models.endpoints import Endpoints # noqa: PLC0415
        from ..models.field_mapping import FieldMapping # noqa: PLC0415
        client_id = self.client_id

        provider = self.provider.value

        apple: dict[str, Any] | None | Unset
        if isinstance(self.apple, Unset):
            apple = UNSET
        elif isinstance(self.apple, AppleKey):
            apple = self.apple.to_dict()
        else:
            apple = self.apple

        client_secret: None | str | Unset
        if isinstance(self.client_secret, Unset):
            client_secret = UNSET
        else:
            client_secret = self.client_secret

        enabled = self.enabled

        endpoints: dict[str, Any] | None | Unset
        if isinstance(self.endpoints, Unset):
            endpoints = UNSET
        elif isinstance(self.endpoints, Endpoints):
            endpoints = self.endpoints.to_dict()
        else:
            endpoints = self.endpoints

        field_mapping: dict[str, Any] | None | Unset
        if isinstance(self.field_mapping, Unset):
            field_mapping = UNSET
        elif isinstance(self.field_mapping, FieldMapping):
            field_mapping = self.field_mapping.to_dict()
        else:
            field_mapping = self.field_mapping

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        scopes: list[str] | None | Unset
        if isinstance(self.scopes, Unset):
            scopes = UNSET
        elif isinstance(self.scopes, list):
            scopes = self.scopes


        else:
            scopes = self.scopes

        token_endpoint_auth_method: None | str | Unset
        if isinstance(self.token_endpoint_auth_method, Unset):
            token_endpoint_auth_method = UNSET
        elif isinstance(self.token_endpoint_auth_method, CreateConnectionTokenEndpointAuthMethodType0):
            token_endpoint_auth_method = self.token_endpoint_auth_method.value
        else:
            token_endpoint_auth_method = self.token_endpoint_auth_method


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "client_id": client_id,
            "provider": provider,
        })
        if apple is not UNSET:
            field_dict["apple"] = apple
        if client_secret is not UNSET:
            field_dict["client_secret"] = client_secret
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if endpoints is not UNSET:
            field_dict["endpoints"] = endpoints
        if field_mapping is not UNSET:
            field_dict["field_mapping"] = field_mapping
        if name is not UNSET:
            field_dict["name"] = name
        if scopes is not UNSET:
            field_dict["scopes"] = scopes
        if token_endpoint_auth_method is not UNSET:
            field_dict["token_endpoint_auth_method"] = token_endpoint_auth_method

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.apple_key import AppleKey # noqa: PLC0415
        from ..models.endpoints import Endpoints # noqa: PLC0415
        from ..models.field_mapping import FieldMapping # noqa: PLC0415
        d = dict(src_dict)
        client_id = d.pop("client_id")

        provider = CreateConnectionProvider(d.pop("provider"))




        def _parse_apple(data: object) -> AppleKey | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                apple_type_0 = AppleKey.from_dict(data)



                return apple_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AppleKey | None | Unset, data)

        apple = _parse_apple(d.pop("apple", UNSET))


        def _parse_client_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_secret = _parse_client_secret(d.pop("client_secret", UNSET))


        enabled = d.pop("enabled", UNSET)

        def _parse_endpoints(data: object) -> Endpoints | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                endpoints_type_0 = Endpoints.from_dict(data)



                return endpoints_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Endpoints | None | Unset, data)

        endpoints = _parse_endpoints(d.pop("endpoints", UNSET))


        def _parse_field_mapping(data: object) -> FieldMapping | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                field_mapping_type_0 = FieldMapping.from_dict(data)



                return field_mapping_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FieldMapping | None | Unset, data)

        field_mapping = _parse_field_mapping(d.pop("field_mapping", UNSET))


        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        def _parse_scopes(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scopes_type_0 = cast(list[str], data)

                return scopes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        scopes = _parse_scopes(d.pop("scopes", UNSET))


        def _parse_token_endpoint_auth_method(data: object) -> CreateConnectionTokenEndpointAuthMethodType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                token_endpoint_auth_method_type_0 = CreateConnectionTokenEndpointAuthMethodType0(data)



                return token_endpoint_auth_method_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateConnectionTokenEndpointAuthMethodType0 | None | Unset, data)

        token_endpoint_auth_method = _parse_token_endpoint_auth_method(d.pop("token_endpoint_auth_method", UNSET))


        create_connection = cls(
            client_id=client_id,
            provider=provider,
            apple=apple,
            client_secret=client_secret,
            enabled=enabled,
            endpoints=endpoints,
            field_mapping=field_mapping,
            name=name,
            scopes=scopes,
            token_endpoint_auth_method=token_endpoint_auth_method,
        )

        return create_connection

