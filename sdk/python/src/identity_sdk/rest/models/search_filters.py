from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.search_filters_role_type_0 import SearchFiltersRoleType0
from ..models.search_filters_status_type_0 import SearchFiltersStatusType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SearchFilters")



@_attrs_define
class SearchFilters:
    """ 
        Attributes:
            created_after (None | str | Unset):
            created_before (None | str | Unset):
            disabled (bool | None | Unset):
            email_verified (bool | None | Unset):
            ids (list[str] | None | Unset):
            last_active_after (None | str | Unset):
            mfa_enrolled (bool | None | Unset):
            organization_id (None | str | Unset):
            role (None | SearchFiltersRoleType0 | Unset):
            status (None | SearchFiltersStatusType0 | Unset):
     """

    created_after: None | str | Unset = UNSET
    created_before: None | str | Unset = UNSET
    disabled: bool | None | Unset = UNSET
    email_verified: bool | None | Unset = UNSET
    ids: list[str] | None | Unset = UNSET
    last_active_after: None | str | Unset = UNSET
    mfa_enrolled: bool | None | Unset = UNSET
    organization_id: None | str | Unset = UNSET
    role: None | SearchFiltersRoleType0 | Unset = UNSET
    status: None | SearchFiltersStatusType0 | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        created_after: None | str | Unset
        if isinstance(self.created_after, Unset):
            created_after = UNSET
        else:
            created_after = self.created_after

        created_before: None | str | Unset
        if isinstance(self.created_before, Unset):
            created_before = UNSET
        else:
            created_before = self.created_before

        disabled: bool | None | Unset
        if isinstance(self.disabled, Unset):
            disabled = UNSET
        else:
            disabled = self.disabled

        email_verified: bool | None | Unset
        if isinstance(self.email_verified, Unset):
            email_verified = UNSET
        else:
            email_verified = self.email_verified

        ids: list[str] | None | Unset
        if isinstance(self.ids, Unset):
            ids = UNSET
        elif isinstance(self.ids, list):
            ids = self.ids


        else:
            ids = self.ids

        last_active_after: None | str | Unset
        if isinstance(self.last_active_after, Unset):
            last_active_after = UNSET
        else:
            last_active_after = self.last_active_after

        mfa_enrolled: bool | None | Unset
        if isinstance(self.mfa_enrolled, Unset):
            mfa_enrolled = UNSET
        else:
            mfa_enrolled = self.mfa_enrolled

        organization_id: None | str | Unset
        if isinstance(self.organization_id, Unset):
            organization_id = UNSET
        else:
            organization_id = self.organization_id

        role: None | str | Unset
        if isinstance(self.role, Unset):
            role = UNSET
        elif isinstance(self.role, SearchFiltersRoleType0):
            role = self.role.value
        else:
            role = self.role

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, SearchFiltersStatusType0):
            status = self.status.value
        else:
            status = self.status


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if created_after is not UNSET:
            field_dict["created_after"] = created_after
        if created_before is not UNSET:
            field_dict["created_before"] = created_before
        if disabled is not UNSET:
            field_dict["disabled"] = disabled
        if email_verified is not UNSET:
            field_dict["email_verified"] = email_verified
        if ids is not UNSET:
            field_dict["ids"] = ids
        if last_active_after is not UNSET:
            field_dict["last_active_after"] = last_active_after
        if mfa_enrolled is not UNSET:
            field_dict["mfa_enrolled"] = mfa_enrolled
        if organization_id is not UNSET:
            field_dict["organization_id"] = organization_id
        if role is not UNSET:
            field_dict["role"] = role
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_created_after(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_after = _parse_created_after(d.pop("created_after", UNSET))


        def _parse_created_before(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_before = _parse_created_before(d.pop("created_before", UNSET))


        def _parse_disabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        disabled = _parse_disabled(d.pop("disabled", UNSET))


        def _parse_email_verified(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        email_verified = _parse_email_verified(d.pop("email_verified", UNSET))


        def _parse_ids(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ids_type_0 = cast(list[str], data)

                return ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        ids = _parse_ids(d.pop("ids", UNSET))


        def _parse_last_active_after(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_active_after = _parse_last_active_after(d.pop("last_active_after", UNSET))


        def _parse_mfa_enrolled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        mfa_enrolled = _parse_mfa_enrolled(d.pop("mfa_enrolled", UNSET))


        def _parse_organization_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        organization_id = _parse_organization_id(d.pop("organization_id", UNSET))


        def _parse_role(data: object) -> None | SearchFiltersRoleType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                role_type_0 = SearchFiltersRoleType0(data)



                return role_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SearchFiltersRoleType0 | Unset, data)

        role = _parse_role(d.pop("role", UNSET))


        def _parse_status(data: object) -> None | SearchFiltersStatusType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = SearchFiltersStatusType0(data)



                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SearchFiltersStatusType0 | Unset, data)

        status = _parse_status(d.pop("status", UNSET))


        search_filters = cls(
            created_after=created_after,
            created_before=created_before,
            disabled=disabled,
            email_verified=email_verified,
            ids=ids,
            last_active_after=last_active_after,
            mfa_enrolled=mfa_enrolled,
            organization_id=organization_id,
            role=role,
            status=status,
        )

        return search_filters

