from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Discovery")



@_attrs_define
class Discovery:
    """ 
        Attributes:
            authorization_endpoint (str):
            claims_supported (list[str]):
            code_challenge_methods_supported (list[str]):
            end_session_endpoint (str):
            grant_types_supported (list[str]):
            id_token_signing_alg_values_supported (list[str]):
            introspection_endpoint (str):
            issuer (str):
            jwks_uri (str):
            response_types_supported (list[str]):
            revocation_endpoint (str):
            scopes_supported (list[str]):
            subject_types_supported (list[str]):
            token_endpoint (str):
            token_endpoint_auth_methods_supported (list[str]):
            token_endpoint_auth_signing_alg_values_supported (list[str]):
            userinfo_endpoint (str):
     """

    authorization_endpoint: str
    claims_supported: list[str]
    code_challenge_methods_supported: list[str]
    end_session_endpoint: str
    grant_types_supported: list[str]
    id_token_signing_alg_values_supported: list[str]
    introspection_endpoint: str
    issuer: str
    jwks_uri: str
    response_types_supported: list[str]
    revocation_endpoint: str
    scopes_supported: list[str]
    subject_types_supported: list[str]
    token_endpoint: str
    token_endpoint_auth_methods_supported: list[str]
    token_endpoint_auth_signing_alg_values_supported: list[str]
    userinfo_endpoint: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        authorization_endpoint = self.authorization_endpoint

        claims_supported = self.claims_supported



        code_challenge_methods_supported = self.code_challenge_methods_supported



        end_session_endpoint = self.end_session_endpoint

        grant_types_supported = self.grant_types_supported



        id_token_signing_alg_values_supported = self.id_token_signing_alg_values_supported



        introspection_endpoint = self.introspection_endpoint

        issuer = self.issuer

        jwks_uri = self.jwks_uri

        response_types_supported = self.response_types_supported



        revocation_endpoint = self.revocation_endpoint

        scopes_supported = self.scopes_supported



        subject_types_supported = self.subject_types_supported



        token_endpoint = self.token_endpoint

        token_endpoint_auth_methods_supported = self.token_endpoint_auth_methods_supported



        token_endpoint_auth_signing_alg_values_supported = self.token_endpoint_auth_signing_alg_values_supported



        userinfo_endpoint = self.userinfo_endpoint


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "authorization_endpoint": authorization_endpoint,
            "claims_supported": claims_supported,
            "code_challenge_methods_supported": code_challenge_methods_supported,
            "end_session_endpoint": end_session_endpoint,
            "grant_types_supported": grant_types_supported,
            "id_token_signing_alg_values_supported": id_token_signing_alg_values_supported,
            "introspection_endpoint": introspection_endpoint,
            "issuer": issuer,
            "jwks_uri": jwks_uri,
            "response_types_supported": response_types_supported,
            "revocation_endpoint": revocation_endpoint,
            "scopes_supported": scopes_supported,
            "subject_types_supported": subject_types_supported,
            "token_endpoint": token_endpoint,
            "token_endpoint_auth_methods_supported": token_endpoint_auth_methods_supported,
            "token_endpoint_auth_signing_alg_values_supported": token_endpoint_auth_signing_alg_values_supported,
            "userinfo_endpoint": userinfo_endpoint,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        authorization_endpoint = d.pop("authorization_endpoint")

        claims_supported = cast(list[str], d.pop("claims_supported"))


        code_challenge_methods_supported = cast(list[str], d.pop("code_challenge_methods_supported"))


        end_session_endpoint = d.pop("end_session_endpoint")

        grant_types_supported = cast(list[str], d.pop("grant_types_supported"))


        id_token_signing_alg_values_supported = cast(list[str], d.pop("id_token_signing_alg_values_supported"))


        introspection_endpoint = d.pop("introspection_endpoint")

        issuer = d.pop("issuer")

        jwks_uri = d.pop("jwks_uri")

        response_types_supported = cast(list[str], d.pop("response_types_supported"))


        revocation_endpoint = d.pop("revocation_endpoint")

        scopes_supported = cast(list[str], d.pop("scopes_supported"))


        subject_types_supported = cast(list[str], d.pop("subject_types_supported"))


        token_endpoint = d.pop("token_endpoint")

        token_endpoint_auth_methods_supported = cast(list[str], d.pop("token_endpoint_auth_methods_supported"))


        token_endpoint_auth_signing_alg_values_supported = cast(list[str], d.pop("token_endpoint_auth_signing_alg_values_supported"))


        userinfo_endpoint = d.pop("userinfo_endpoint")

        discovery = cls(
            authorization_endpoint=authorization_endpoint,
            claims_supported=claims_supported,
            code_challenge_methods_supported=code_challenge_methods_supported,
            end_session_endpoint=end_session_endpoint,
            grant_types_supported=grant_types_supported,
            id_token_signing_alg_values_supported=id_token_signing_alg_values_supported,
            introspection_endpoint=introspection_endpoint,
            issuer=issuer,
            jwks_uri=jwks_uri,
            response_types_supported=response_types_supported,
            revocation_endpoint=revocation_endpoint,
            scopes_supported=scopes_supported,
            subject_types_supported=subject_types_supported,
            token_endpoint=token_endpoint,
            token_endpoint_auth_methods_supported=token_endpoint_auth_methods_supported,
            token_endpoint_auth_signing_alg_values_supported=token_endpoint_auth_signing_alg_values_supported,
            userinfo_endpoint=userinfo_endpoint,
        )


        discovery.additional_properties = d
        return discovery

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
