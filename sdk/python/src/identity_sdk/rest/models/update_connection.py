from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_connection_token_endpoint_auth_method import UpdateConnectionTokenEndpointAuthMethod
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.apple_key import AppleKey
  from ..models.endpoints import Endpoints
  from ..models.field_mapping import FieldMapping





T = TypeVar("T", bound="UpdateConnection")



@_attrs_define
class UpdateConnection:
    """ 
        Attributes:
            apple (AppleKey | Unset): Sign in with Apple: the client secret is a JWT signed with this key (made per
                request).
            client_id (str | Unset):
            client_secret (str | Unset):
            enabled (bool | Unset):
            endpoints (Endpoints | Unset): Overrides of the provider's endpoints. `oidc` needs discovery_url; `oauth2` needs
                    authorization_url, token_url and userinfo_url; built-in providers need none.
            field_mapping (FieldMapping | Unset): Where the generic oauth2 provider's userinfo JSON keeps each profile
                field.
            name (str | Unset):
            scopes (list[str] | Unset):
            token_endpoint_auth_method (UpdateConnectionTokenEndpointAuthMethod | Unset):
     """

    apple: AppleKey | Unset = UNSET
    client_id: str | Unset = UNSET
    client_secret: str | Unset = UNSET
    enabled: bool | Unset = UNSET
    endpoints: Endpoints | Unset = UNSET
    field_mapping: FieldMapping | Unset = UNSET
    name: str | Unset = UNSET
    scopes: list[str] | Unset = UNSET
    token_endpoint_auth_method: UpdateConnectionTokenEndpointAuthMethod | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.apple_key import AppleKey # noqa: PLC0415
        from ..models.endpoints import Endpoints # noqa: PLC0415
        from ..models.field_mapping import FieldMapping # noqa: PLC0415
        apple: dict[str, Any] | Unset = UNSET
        if not isinstance(self.apple, Unset):
            apple = self.apple.to_dict()

        client_id = self.client_id

        client_secret = self.client_secret

        enabled = self.enabled

        endpoints: dict[str, Any] | Unset = UNSET
        if not isinstance(self.endpoints, Unset):
            endpoints = self.endpoints.to_dict()

        field_mapping: dict[str, Any] | Unset = UNSET
        if not isinstance(self.field_mapping, Unset):
            field_mapping = self.field_mapping.to_dict()

        name = self.name

        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = self.scopes



        token_endpoint_auth_method: str | Unset = UNSET
        if not isinstance(self.token_endpoint_auth_method, Unset):
            token_endpoint_auth_method = self.token_endpoint_auth_method.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if apple is not UNSET:
            field_dict["apple"] = apple
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
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
        _apple = d.pop("apple", UNSET)
        apple: AppleKey | Unset
        if isinstance(_apple,  Unset):
            apple = UNSET
        else:
            apple = AppleKey.from_dict(_apple)




        client_id = d.pop("client_id", UNSET)

        client_secret = d.pop("client_secret", UNSET)

        enabled = d.pop("enabled", UNSET)

        _endpoints = d.pop("endpoints", UNSET)
        endpoints: Endpoints | Unset
        if isinstance(_endpoints,  Unset):
            endpoints = UNSET
        else:
            endpoints = Endpoints.from_dict(_endpoints)




        _field_mapping = d.pop("field_mapping", UNSET)
        field_mapping: FieldMapping | Unset
        if isinstance(_field_mapping,  Unset):
            field_mapping = UNSET
        else:
            field_mapping = FieldMapping.from_dict(_field_mapping)




        name = d.pop("name", UNSET)

        scopes = cast(list[str], d.pop("scopes", UNSET))


        _token_endpoint_auth_method = d.pop("token_endpoint_auth_method", UNSET)
        token_endpoint_auth_method: UpdateConnectionTokenEndpointAuthMethod | Unset
        if isinstance(_token_endpoint_auth_method,  Unset):
            token_endpoint_auth_method = UNSET
        else:
            token_endpoint_auth_method = UpdateConnectionTokenEndpointAuthMethod(_token_endpoint_auth_method)




        update_connection = cls(
            apple=apple,
            client_id=client_id,
            client_secret=client_secret,
            enabled=enabled,
            endpoints=endpoints,
            field_mapping=field_mapping,
            name=name,
            scopes=scopes,
            token_endpoint_auth_method=token_endpoint_auth_method,
        )

        return update_connection

