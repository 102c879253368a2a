from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.client_id_token_signed_response_alg import ClientIdTokenSignedResponseAlg
from ..models.client_type import ClientType
from typing import cast

if TYPE_CHECKING:
  from ..models.client_jwks_type_0 import ClientJwksType0





T = TypeVar("T", bound="Client")



@_attrs_define
class Client:
    """ 
        Attributes:
            allowed_origins (list[str]):
            client_id (str):
            created_at (str):
            first_party (bool):
            grant_types (list[str]):
            id (str):
            id_token_signed_response_alg (ClientIdTokenSignedResponseAlg):
            jwks (ClientJwksType0 | None):
            name (str):
            post_logout_redirect_uris (list[str]):
            redirect_uris (list[str]):
            scopes (list[str]):
            secret_rotated_at (None | str):
            tenant_id (str):
            token_endpoint_auth_method (str):
            type_ (ClientType):
            updated_at (str):
     """

    allowed_origins: list[str]
    client_id: str
    created_at: str
    first_party: bool
    grant_types: list[str]
    id: str
    id_token_signed_response_alg: ClientIdTokenSignedResponseAlg
    jwks: ClientJwksType0 | None
    name: str
    post_logout_redirect_uris: list[str]
    redirect_uris: list[str]
    scopes: list[str]
    secret_rotated_at: None | str
    tenant_id: str
    token_endpoint_auth_method: str
    type_: ClientType
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.client_jwks_type_0 import ClientJwksType0 # noqa: PLC0415
        allowed_origins = self.allowed_origins



        client_id = self.client_id

        created_at = self.created_at

        first_party = self.first_party

        grant_types = self.grant_types



        id = self.id

        id_token_signed_response_alg = self.id_token_signed_response_alg.value

        jwks: dict[str, Any] | None
        if isinstance(self.jwks, ClientJwksType0):
            jwks = self.jwks.to_dict()
        else:
            jwks = self.jwks

        name = self.name

        post_logout_redirect_uris = self.post_logout_redirect_uris



        redirect_uris = self.redirect_uris



        scopes = self.scopes



        secret_rotated_at: None | str
        secret_rotated_at = self.secret_rotated_at

        tenant_id = self.tenant_id

        token_endpoint_auth_method = self.token_endpoint_auth_method

        type_ = self.type_.value

        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "allowed_origins": allowed_origins,
            "client_id": client_id,
            "created_at": created_at,
            "first_party": first_party,
            "grant_types": grant_types,
            "id": id,
            "id_token_signed_response_alg": id_token_signed_response_alg,
            "jwks": jwks,
            "name": name,
            "post_logout_redirect_uris": post_logout_redirect_uris,
            "redirect_uris": redirect_uris,
            "scopes": scopes,
            "secret_rotated_at": secret_rotated_at,
            "tenant_id": tenant_id,
            "token_endpoint_auth_method": token_endpoint_auth_method,
            "type": type_,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.client_jwks_type_0 import ClientJwksType0 # noqa: PLC0415
        d = dict(src_dict)
        allowed_origins = cast(list[str], d.pop("allowed_origins"))


        client_id = d.pop("client_id")

        created_at = d.pop("created_at")

        first_party = d.pop("first_party")

        grant_types = cast(list[str], d.pop("grant_types"))


        id = d.pop("id")

        id_token_signed_response_alg = ClientIdTokenSignedResponseAlg(d.pop("id_token_signed_response_alg"))




        def _parse_jwks(data: object) -> ClientJwksType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                jwks_type_0 = ClientJwksType0.from_dict(data)



                return jwks_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClientJwksType0 | None, data)

        jwks = _parse_jwks(d.pop("jwks"))


        name = d.pop("name")

        post_logout_redirect_uris = cast(list[str], d.pop("post_logout_redirect_uris"))


        redirect_uris = cast(list[str], d.pop("redirect_uris"))


        scopes = cast(list[str], d.pop("scopes"))


        def _parse_secret_rotated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        secret_rotated_at = _parse_secret_rotated_at(d.pop("secret_rotated_at"))


        tenant_id = d.pop("tenant_id")

        token_endpoint_auth_method = d.pop("token_endpoint_auth_method")

        type_ = ClientType(d.pop("type"))




        updated_at = d.pop("updated_at")

        client = cls(
            allowed_origins=allowed_origins,
            client_id=client_id,
            created_at=created_at,
            first_party=first_party,
            grant_types=grant_types,
            id=id,
            id_token_signed_response_alg=id_token_signed_response_alg,
            jwks=jwks,
            name=name,
            post_logout_redirect_uris=post_logout_redirect_uris,
            redirect_uris=redirect_uris,
            scopes=scopes,
            secret_rotated_at=secret_rotated_at,
            tenant_id=tenant_id,
            token_endpoint_auth_method=token_endpoint_auth_method,
            type_=type_,
            updated_at=updated_at,
        )


        client.additional_properties = d
        return client

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
