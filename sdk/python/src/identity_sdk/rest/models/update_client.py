from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_client_id_token_signed_response_alg import UpdateClientIdTokenSignedResponseAlg
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.update_client_jwks import UpdateClientJwks





T = TypeVar("T", bound="UpdateClient")



@_attrs_define
class UpdateClient:
    """ 
        Attributes:
            allowed_origins (list[str] | Unset):
            first_party (bool | Unset):
            id_token_signed_response_alg (UpdateClientIdTokenSignedResponseAlg | Unset):
            jwks (UpdateClientJwks | Unset):
            name (str | Unset):
            post_logout_redirect_uris (list[str] | Unset):
            redirect_uris (list[str] | Unset):
            scopes (list[str] | Unset):
     """

    allowed_origins: list[str] | Unset = UNSET
    first_party: bool | Unset = UNSET
    id_token_signed_response_alg: UpdateClientIdTokenSignedResponseAlg | Unset = UNSET
    jwks: UpdateClientJwks | Unset = UNSET
    name: str | Unset = UNSET
    post_logout_redirect_uris: list[str] | Unset = UNSET
    redirect_uris: list[str] | Unset = UNSET
    scopes: list[str] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.update_client_jwks import UpdateClientJwks # noqa: PLC0415
        allowed_origins: list[str] | Unset = UNSET
        if not isinstance(self.allowed_origins, Unset):
            allowed_origins = self.allowed_origins



        first_party = self.first_party

        id_token_signed_response_alg: str | Unset = UNSET
        if not isinstance(self.id_token_signed_response_alg, Unset):
            id_token_signed_response_alg = self.id_token_signed_response_alg.value


        jwks: dict[str, Any] | Unset = UNSET
        if not isinstance(self.jwks, Unset):
            jwks = self.jwks.to_dict()

        name = self.name

        post_logout_redirect_uris: list[str] | Unset = UNSET
        if not isinstance(self.post_logout_redirect_uris, Unset):
            post_logout_redirect_uris = self.post_logout_redirect_uris



        redirect_uris: list[str] | Unset = UNSET
        if not isinstance(self.redirect_uris, Unset):
            redirect_uris = self.redirect_uris



        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = self.scopes




        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if allowed_origins is not UNSET:
            field_dict["allowed_origins"] = allowed_origins
        if first_party is not UNSET:
            field_dict["first_party"] = first_party
        if id_token_signed_response_alg is not UNSET:
            field_dict["id_token_signed_response_alg"] = id_token_signed_response_alg
        if jwks is not UNSET:
            field_dict["jwks"] = jwks
        if name is not UNSET:
            field_dict["name"] = name
        if post_logout_redirect_uris is not UNSET:
            field_dict["post_logout_redirect_uris"] = post_logout_redirect_uris
        if redirect_uris is not UNSET:
            field_dict["redirect_uris"] = redirect_uris
        if scopes is not UNSET:
            field_dict["scopes"] = scopes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_client_jwks import UpdateClientJwks # noqa: PLC0415
        d = dict(src_dict)
        allowed_origins = cast(list[str], d.pop("allowed_origins", UNSET))


        first_party = d.pop("first_party", UNSET)

        _id_token_signed_response_alg = d.pop("id_token_signed_response_alg", UNSET)
        id_token_signed_response_alg: UpdateClientIdTokenSignedResponseAlg | Unset
        if isinstance(_id_token_signed_response_alg,  Unset):
            id_token_signed_response_alg = UNSET
        else:
            id_token_signed_response_alg = UpdateClientIdTokenSignedResponseAlg(_id_token_signed_response_alg)




        _jwks = d.pop("jwks", UNSET)
        jwks: UpdateClientJwks | Unset
        if isinstance(_jwks,  Unset):
            jwks = UNSET
        else:
            jwks = UpdateClientJwks.from_dict(_jwks)




        name = d.pop("name", UNSET)

        post_logout_redirect_uris = cast(list[str], d.pop("post_logout_redirect_uris", UNSET))


        redirect_uris = cast(list[str], d.pop("redirect_uris", UNSET))


        scopes = cast(list[str], d.pop("scopes", UNSET))


        update_client = cls(
            allowed_origins=allowed_origins,
            first_party=first_party,
            id_token_signed_response_alg=id_token_signed_response_alg,
            jwks=jwks,
            name=name,
            post_logout_redirect_uris=post_logout_redirect_uris,
            redirect_uris=redirect_uris,
            scopes=scopes,
        )

        return update_client

