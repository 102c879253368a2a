from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_client_grant_types_type_0_item import CreateClientGrantTypesType0Item
from ..models.create_client_id_token_signed_response_alg import CreateClientIdTokenSignedResponseAlg
from ..models.create_client_token_endpoint_auth_method_type_0 import CreateClientTokenEndpointAuthMethodType0
from ..models.create_client_type import CreateClientType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_client_jwks_type_0 import CreateClientJwksType0





T = TypeVar("T", bound="CreateClient")



@_attrs_define
class CreateClient:
    """ 
        Attributes:
            name (str):
            redirect_uris (list[str]):
            type_ (CreateClientType):
            allowed_origins (list[str] | Unset):
            first_party (bool | Unset):  Default: True.
            grant_types (list[CreateClientGrantTypesType0Item] | None | Unset):
            id_token_signed_response_alg (CreateClientIdTokenSignedResponseAlg | Unset):  Default:
                CreateClientIdTokenSignedResponseAlg.RS256.
            jwks (CreateClientJwksType0 | None | Unset):
            post_logout_redirect_uris (list[str] | Unset):
            scopes (list[str] | None | Unset):
            token_endpoint_auth_method (CreateClientTokenEndpointAuthMethodType0 | None | Unset):
     """

    name: str
    redirect_uris: list[str]
    type_: CreateClientType
    allowed_origins: list[str] | Unset = UNSET
    first_party: bool | Unset = True
    grant_types: list[CreateClientGrantTypesType0Item] | None | Unset = UNSET
    id_token_signed_response_alg: CreateClientIdTokenSignedResponseAlg | Unset = CreateClientIdTokenSignedResponseAlg.RS256
    jwks: CreateClientJwksType0 | None | Unset = UNSET
    post_logout_redirect_uris: list[str] | Unset = UNSET
    scopes: list[str] | None | Unset = UNSET
    token_endpoint_auth_method: CreateClientTokenEndpointAuthMethodType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_client_jwks_type_0 import CreateClientJwksType0 # noqa: PLC0415
        name = self.name

        redirect_uris = self.redirect_uris



        type_ = self.type_.value

        allowed_origins: list[str] | Unset = UNSET
        if not isinstance(self.allowed_origins, Unset):
            allowed_origins = self.allowed_origins



        first_party = self.first_party

        grant_types: list[str] | None | Unset
        if isinstance(self.grant_types, Unset):
            grant_types = UNSET
        elif isinstance(self.grant_types, list):
            grant_types = []
            for grant_types_type_0_item_data in self.grant_types:
                grant_types_type_0_item = grant_types_type_0_item_data.value
                grant_types.append(grant_types_type_0_item)


        else:
            grant_types = self.grant_types

        id_token_signed_response_alg: str | Unset = UNSET
        if not isinstance(self.id_token_signed_response_alg, Unset):
            id_token_signed_response_alg = self.id_token_signed_response_alg.value


        jwks: dict[str, Any] | None | Unset
        if isinstance(self.jwks, Unset):
            jwks = UNSET
        elif isinstance(self.jwks, CreateClientJwksType0):
            jwks = self.jwks.to_dict()
        else:
            jwks = self.jwks

        post_logout_redirect_uris: list[str] | Unset = UNSET
        if not isinstance(self.post_logout_redirect_uris, Unset):
            post_logout_redirect_uris = self.post_logout_redirect_uris



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
        elif isinstance(self.token_endpoint_auth_method, CreateClientTokenEndpointAuthMethodType0):
            token_endpoint_auth_method = self.token_endpoint_auth_method.value
        else:
            token_endpoint_auth_method = self.token_endpoint_auth_method


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "redirect_uris": redirect_uris,
            "type": type_,
        })
        if allowed_origins is not UNSET:
            field_dict["allowed_origins"] = allowed_origins
        if first_party is not UNSET:
            field_dict["first_party"] = first_party
        if grant_types is not UNSET:
            field_dict["grant_types"] = grant_types
        if id_token_signed_response_alg is not UNSET:
            field_dict["id_token_signed_response_alg"] = id_token_signed_response_alg
        if jwks is not UNSET:
            field_dict["jwks"] = jwks
        if post_logout_redirect_uris is not UNSET:
            field_dict["post_logout_redirect_uris"] = post_logout_redirect_uris
        if scopes is not UNSET:
            field_dict["scopes"] = scopes
        if token_endpoint_auth_method is not UNSET:
            field_dict["token_endpoint_auth_method"] = token_endpoint_auth_method

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_client_jwks_type_0 import CreateClientJwksType0 # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        redirect_uris = cast(list[str], d.pop("redirect_uris"))


        type_ = CreateClientType(d.pop("type"))




        allowed_origins = cast(list[str], d.pop("allowed_origins", UNSET))


        first_party = d.pop("first_party", UNSET)

        def _parse_grant_types(data: object) -> list[CreateClientGrantTypesType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                grant_types_type_0 = []
                _grant_types_type_0 = data
                for grant_types_type_0_item_data in (_grant_types_type_0):
                    grant_types_type_0_item = CreateClientGrantTypesType0Item(grant_types_type_0_item_data)



                    grant_types_type_0.append(grant_types_type_0_item)

                return grant_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CreateClientGrantTypesType0Item] | None | Unset, data)

        grant_types = _parse_grant_types(d.pop("grant_types", UNSET))


        _id_token_signed_response_alg = d.pop("id_token_signed_response_alg", UNSET)
        id_token_signed_response_alg: CreateClientIdTokenSignedResponseAlg | Unset
        if isinstance(_id_token_signed_response_alg,  Unset):
            id_token_signed_response_alg = UNSET
        else:
            id_token_signed_response_alg = CreateClientIdTokenSignedResponseAlg(_id_token_signed_response_alg)




        def _parse_jwks(data: object) -> CreateClientJwksType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                jwks_type_0 = CreateClientJwksType0.from_dict(data)



                return jwks_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateClientJwksType0 | None | Unset, data)

        jwks = _parse_jwks(d.pop("jwks", UNSET))


        post_logout_redirect_uris = cast(list[str], d.pop("post_logout_redirect_uris", UNSET))


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


        def _parse_token_endpoint_auth_method(data: object) -> CreateClientTokenEndpointAuthMethodType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                token_endpoint_auth_method_type_0 = CreateClientTokenEndpointAuthMethodType0(data)



                return token_endpoint_auth_method_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateClientTokenEndpointAuthMethodType0 | None | Unset, data)

        token_endpoint_auth_method = _parse_token_endpoint_auth_method(d.pop("token_endpoint_auth_method", UNSET))


        create_client = cls(
            name=name,
            redirect_uris=redirect_uris,
            type_=type_,
            allowed_origins=allowed_origins,
            first_party=first_party,
            grant_types=grant_types,
            id_token_signed_response_alg=id_token_signed_response_alg,
            jwks=jwks,
            post_logout_redirect_uris=post_logout_redirect_uris,
            scopes=scopes,
            token_endpoint_auth_method=token_endpoint_auth_method,
        )

        return create_client

